import { useSyncExternalStore } from 'react';
import { resolveApiUrl } from '@app/contracts';

/**
 * The installed app's state as the page sees it: whether the network answers
 * (the browser's own flag, and what the service worker and our fetches saw)
 * and whether a new version waits. Read with usePwaState(). The worker's
 * registration and cache live in lib/pwa-worker.ts, loaded after the first
 * screen (this module is in the entry chunk: kept small).
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

/** A new version waits; `apply` activates it (lib/pwa-worker.ts). */
export function announceUpdate(apply: () => void): void {
  updateReady = true;
  applyUpdate = apply;
  publish();
}
