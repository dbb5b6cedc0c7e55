import { reportNetwork, announceUpdate } from './pwa';
import { API_CACHE, type WorkerMessage } from './offline-cache';

/**
 * Registers the service worker (production builds; sw/sw.ts) and follows it:
 * a new version that finished installing while an older one controls the
 * page waits, and is announced (lib/pwa.ts); Reload tells it to take over
 * (SKIP_WAITING) and reloads once it does. Its network reports feed the
 * offline banner. Loaded after the first screen; a few lines rather than
 * workbox-window (2 KB more on every first visit).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  workers.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === 'network') reportNetwork(event.data.ok);
  });
  const registration = await workers.register('/sw.js', { scope: '/' });
  const announce = (waiting: ServiceWorker) =>
    announceUpdate(() => {
      workers.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  // The first install controls the page itself (clientsClaim): only a newer one waits.
  if (registration.waiting && workers.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && workers.controller) announce(installing);
    });
  });
}

/** Forgets the member's last API answers kept for offline use (sign-out). */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await caches.delete(API_CACHE);
  } catch {
    // Storage the browser refuses to open has nothing of ours to clear.
  }
}
