import type { ApiClient } from './client';

/**
 * The signed-in app's service worker (public/app-sw.js, decision 053): it lets an inspector open
 * SpanWatch again without a network. Registered from the signed-in frame only, so a visitor to
 * the public pages never installs it.
 */
const WORKER_URL = '/app-sw.js';
/** Resolves once a worker answers this page's requests (at once when one already did). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
  });
}

/** A worker of an older build does not answer; the app goes on after this long. */
const KEEP_ASSETS_WAIT_MS = 60_000;

/** Asks the worker to keep `urls` and resolves when it says it has (or cannot be asked). */
function assetsKept(worker: ServiceWorker | null, urls: string[]): Promise<void> {
  if (!worker) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    setTimeout(resolve, KEEP_ASSETS_WAIT_MS);
    worker.postMessage({ type: 'keep-assets', urls }, [channel.port2]);
  });
}

export function registerOfflineApp(api: ApiClient): void {
  // Production only: the dev server's modules are not hashed assets the worker may keep.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const firstInstall = navigator.serviceWorker.controller === null;
  navigator.serviceWorker
    .register(WORKER_URL, { scope: '/' })
    .then(async (registration) => {
      if (!firstInstall) return;
      await controlled();
      // What this page loaded before the worker took charge is kept too, so the first visit
      // already opens offline: its assets, and the answers a screen needs before it draws.
      const urls = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.startsWith('/assets/'));
      await assetsKept(registration.active ?? navigator.serviceWorker.controller, urls);
      // The answers come last: once they are kept, so is everything the app opens with.
      await Promise.allSettled([api.GET('/api/v1/user/me'), api.GET('/api/v1/bridges')]);
    })
    .catch((error: unknown) => {
      // The app works as before without it; only opening offline is lost.
      console.warn('The offline app could not be installed:', error);
    });
}
