import { APP_VERSION, APP_VERSION_CODE, type VersionResponse, WEB_BUILD_META } from '@sm/contract';
import { systemApi } from '@sm/contract/route-table';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from './i18n';
import { showError } from './errors';
import { useConfirm } from './ui/useConfirm';
import { api } from './api';
import { toast } from './toast';

/*
 * Check for updates, shared by About and General settings: which build is running, whether the
 * server has another, and reloading into it.
 */

/** The build this page runs, as its index.html records it; null under the dev server. */
export function runningBuild(doc: Document = document): string | null {
  return doc.querySelector(`meta[name="${WEB_BUILD_META}"]`)?.getAttribute('content') ?? null;
}

/** `1.0.0 (100) · 0f3a9c1`: the version merchants read, with the build support asks for. */
export function appVersionLabel(build: string | null = runningBuild()): string {
  // The spec's version and code (§1: 1.0.0, code 100), then the build that runs.
  const version = `${APP_VERSION} (${APP_VERSION_CODE})`;
  return build ? `${version} · ${build.slice(0, 7)}` : version;
}

export type UpdateState = 'current' | 'available';

/**
 * Whether the server offers another app than the one running: another version, or the same version
 * in another build. A page without a build (the dev server) compares versions only.
 */
export function compareWithServer(
  server: VersionResponse,
  running: { version: string; build: string | null },
): UpdateState {
  if (server.version !== running.version) return 'available';
  if (running.build && server.build && server.build !== running.build) return 'available';
  return 'current';
}

const serviceWorker = async (): Promise<ServiceWorkerRegistration | undefined> => {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
};

/**
 * Asks the service worker to look for a new sw.js too, so that when the server has a new build, its
 * files are already downloading by the time the merchant answers.
 */
export async function refreshServiceWorker(): Promise<void> {
  const registration = await serviceWorker();
  await registration?.update().catch(() => {});
}

const SETTLED: ReadonlySet<ServiceWorkerState> = new Set(['activated', 'redundant']);

/** Resolves once `worker` is active (or gave up), or after `ms` at the most. */
function whenSettled(worker: ServiceWorker, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (SETTLED.has(worker.state)) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      worker.removeEventListener('statechange', onChange);
      resolve();
    };
    const onChange = () => SETTLED.has(worker.state) && done();
    const timer = setTimeout(done, ms);
    worker.addEventListener('statechange', onChange);
  });
}

/** How long the reload waits for the new service worker to cache the new build. */
const INSTALL_WAIT_MS = 10_000;

/**
 * Reloads into the server's build. The new service worker, which takes over at once (see
 * sw/service-worker.js), gets a moment to finish caching it, so the app keeps working offline; the
 * shell is fetched network-first anyway, so the reload gets the new build either way.
 */
export async function reloadIntoNewVersion(): Promise<void> {
  const registration = await serviceWorker();
  if (registration) {
    await registration.update().catch(() => {});
    const incoming = registration.installing ?? registration.waiting;
    if (incoming) await whenSettled(incoming, INSTALL_WAIT_MS);
  }
  window.location.reload();
}

/** Asks the server which build it serves (the service worker looks for it at the same time). */
async function checkForUpdate(): Promise<UpdateState> {
  const [server] = await Promise.all([api(systemApi.version), refreshServiceWorker()]);
  return compareWithServer(server, { version: APP_VERSION, build: runningBuild() });
}

/**
 * 'Check for updates' on a tap (never cached): 'You are up to date', or an offer to reload into
 * the new version. `state` tells the row what to show meanwhile.
 */
export function useUpdateCheck() {
  const { t } = useTranslation();
  const check = useMutation({ mutationFn: checkForUpdate });
  const [reloading, setReloading] = useState(false);

  // The page's own confirm: it closes, and answers no, when the merchant leaves the page.
  const confirm = useConfirm();

  const offerReload = async () => {
    const confirmed = await confirm({
      title: t('about.updates.availableTitle'),
      content: t('about.updates.available'),
      confirmText: t('about.updates.reload'),
      cancelText: t('about.updates.later'),
    });
    if (!confirmed) return;
    setReloading(true);
    await reloadIntoNewVersion();
  };

  const run = () => {
    if (check.isPending || reloading) return;
    check.mutate(undefined, {
      onSuccess: (state) => {
        if (state === 'current') toast(t('success.upToDate'), 'success');
        else void offerReload();
      },
      onError: showError,
    });
  };

  const state: 'idle' | 'checking' | 'reloading' = reloading
    ? 'reloading'
    : check.isPending
      ? 'checking'
      : 'idle';
  return { run, state };
}
