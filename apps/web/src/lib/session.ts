import type { MerchantProfile } from '@sm/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { authApi } from '@sm/contract/route-table';
import { api } from './api';
import { storedMerchantInfo } from './merchantInfo';
import { storage } from './storage';

let cachedRaw: string | null | undefined;
let cached: MerchantProfile | null = null;

/** Reads storage each time (another tab or a cleared site may have changed it), parsing only on change. */
export function getMerchantInfo(): MerchantProfile | null {
  const raw = storage.raw('merchantInfo');
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = storedMerchantInfo();
  }
  return cached;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function setMerchantInfo(profile: MerchantProfile): void {
  storage.set('merchantInfo', profile);
  notify();
}

function clearMerchantInfo(): void {
  storage.remove('merchantInfo');
  storage.remove('eventPosition');
  notify();
}

/**
 * "The server ended the session": the login page then shows a lasting notice until the next
 * sign-in (a 1.5 s toast is easy to miss). Session storage, so it survives the reload that often
 * reveals the loss; a sign-out of the merchant's own (logout, password reset) clears it.
 */
const EXPIRED_KEY = 'sessionExpired';

function writeSessionExpired(expired: boolean): void {
  try {
    if (expired) sessionStorage.setItem(EXPIRED_KEY, '1');
    else sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // Disabled storage: the login page just shows no notice.
  }
}

function getSessionExpired(): boolean {
  try {
    return sessionStorage.getItem(EXPIRED_KEY) !== null;
  } catch {
    return false;
  }
}

/** Drops the lost-session notice: signed in again, or gone on to register or reset the password. */
export function clearSessionExpired(): void {
  writeSessionExpired(false);
  notify();
}

/**
 * The session is over: forget the marker and every cached query (another merchant may sign in).
 * `'expired'` when the server ended it, not the merchant.
 */
export function forgetSession(queryClient: QueryClient, reason?: 'expired'): void {
  writeSessionExpired(reason === 'expired');
  clearMerchantInfo();
  queryClient.removeQueries();
}

const onVisibility = () => {
  if (document.visibilityState === 'visible') notify();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    // "Page show": coming back to the tab, or another tab signing out, re-reads the marker.
    window.addEventListener('storage', notify);
    document.addEventListener('visibilitychange', onVisibility);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('storage', notify);
      document.removeEventListener('visibilitychange', onVisibility);
    }
  };
}

export function useMerchantInfo(): MerchantProfile | null {
  return useSyncExternalStore(subscribe, getMerchantInfo, () => null);
}

export function useSessionExpired(): boolean {
  return useSyncExternalStore(subscribe, getSessionExpired, () => false);
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: async ({ signal }) => {
      const me = await api(authApi.me, { signal });
      // A sign-out while this was in flight wins: do not sign back in.
      if (getMerchantInfo()) setMerchantInfo(me);
      return me;
    },
    staleTime: 30_000,
  });
