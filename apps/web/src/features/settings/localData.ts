import type { QueryClient } from '@tanstack/react-query';
import { storage } from '../../lib/storage';

/** Bytes this site keeps on the device (caches, storage), when the browser tells; else null. */
export async function localDataSize(): Promise<number | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return typeof estimate?.usage === 'number' ? estimate.usage : null;
  } catch {
    return null;
  }
}

/** `0 B`, `340 KB`, `12.5 MB`: a size as people read it (1 KB = 1 024 B, as phones count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/**
 * Clear local data: what this device keeps besides the sign-in and the language. The saved auction
 * draft goes, and so do the app files the service worker cached (they download again as pages are
 * opened) and every server answer held in memory (the open page asks again at once). The session
 * and the language stay: clearing a cache should not sign a merchant out in the middle of a day.
 */
export async function clearLocalData(queryClient: QueryClient): Promise<void> {
  storage.remove('auctionDraft');
  if (typeof caches !== 'undefined') {
    const keys = await caches.keys().catch(() => [] as string[]);
    await Promise.all(keys.map((key) => caches.delete(key).catch(() => false)));
  }
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.invalidateQueries({ type: 'active' });
}
