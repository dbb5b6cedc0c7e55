import { reportNetwork, announceUpdate } from './pwa';
import { API_CACHE, type WorkerMessage } from './offline-cache';

/**
 * Registers the service worker (production builds; sw/sw.ts) and follows it:
 * a waiting new version is announced (lib/pwa.ts), its network reports feed
 * the offline banner. Loaded after the first screen, with workbox-window.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () =>
    announceUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === 'network') reportNetwork(event.data.ok);
  });
  await workbox.register();
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
