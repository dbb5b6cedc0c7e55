import { useSyncExternalStore } from 'react';
import { resolveApiUrl } from '@app/contracts';
import { API_CACHE, type WorkerMessage } from './offline-cache';

/**
 * The installed app's state as the page sees it: whether the network answers
 * (the browser's own flag, and what the service worker and our fetches saw)
 * and whether a new version waits. Read with usePwaState().
 */
export interface PwaState {
  offline: boolean;
  updateReady: boolean;
}

let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let networkFailing = false;
let updateReady = false;
let applyUpdate: (() => void) | null = null;
let state: PwaState = { offline: !browserOnline, updateReady };
const listeners = new Set<() => void>();

function publish(): void {
  const offline = !browserOnline || networkFailing;
  if (offline === state.offline && updateReady === state.updateReady) return;
  state = { offline, updateReady };
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** How long after a failed request the API is asked again (its liveness, /health/live). */
export const PROBE_MS = 5_000;
let probe: ReturnType<typeof setTimeout> | null = null;

/**
 * A request that reached the API (true) or failed to (false). After a failure
 * while the browser believes it is online, the API's health is asked every
 * few seconds, so the banner goes even when the screen asks nothing more.
 */
export function reportNetwork(ok: boolean): void {
  networkFailing = !ok;
  if (!ok && browserOnline && probe === null) {
    probe = setTimeout(() => {
      probe = null;
      fetch(resolveApiUrl('/health/live'), { cache: 'no-store' }).then(
        (response) => reportNetwork(response.ok),
        () => reportNetwork(false),
      );
    }, PROBE_MS);
  }
  publish();
}

/** Whether answers may come from the service worker's cache rather than the network. */
export function isServedByWorker(): boolean {
  return typeof navigator !== 'undefined' && !!navigator.serviceWorker?.controller;
}

if (typeof window !== 'undefined') {
  const follow = () => {
    browserOnline = navigator.onLine;
    // Back online: believe it, and let the API confirm (a late failure re-raises the banner).
    if (browserOnline) reportNetwork(true);
    else publish();
  };
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
}

/** Activates the waiting version; the page reloads once it controls. */
export function reloadToUpdate(): void {
  applyUpdate?.();
}

/**
 * Registers the service worker (production builds; sw/sw.ts) and follows it:
 * a waiting new version raises `updateReady`, its network reports feed
 * `offline`. workbox-window is loaded after the first screen.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    updateReady = true;
    applyUpdate = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    publish();
  });
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
