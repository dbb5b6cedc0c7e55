import { useSyncExternalStore } from 'react';

/**
 * The offer to install the app (issue 39). Chromium fires
 * `beforeinstallprompt` when the app can be installed: it is kept here (the
 * entry chunk listens from the first moment) and shown when the member asks.
 * Safari on iOS fires nothing and installs only through Share → Add to Home
 * Screen: it gets that hint. Installed, or running installed, or turned down
 * ("Not now", for INSTALL_PAUSE_DAYS): no offer.
 */
export type InstallOffer = 'prompt' | 'ios' | null;

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export const INSTALL_PAUSE_KEY = 'install-offer-paused-until';
export const INSTALL_PAUSE_DAYS = 14;

let deferred: BeforeInstallPromptEvent | null = null;
let installed = false;
let offer: InstallOffer = null;
const listeners = new Set<() => void>();

function runningInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  // iPadOS reads as a Mac with touch.
  return (
    /iphone|ipad|ipod/i.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

function paused(): boolean {
  try {
    return Number(localStorage.getItem(INSTALL_PAUSE_KEY) ?? 0) > Date.now();
  } catch {
    return false;
  }
}

function compute(): InstallOffer {
  if (installed || runningInstalled() || paused()) return null;
  if (deferred) return 'prompt';
  return isIos() ? 'ios' : null;
}

function publish(): void {
  const next = compute();
  if (next === offer) return;
  offer = next;
  for (const listener of [...listeners]) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Ours to show when the member asks, not the browser's mini bar.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    publish();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    publish();
  });
  offer = compute();
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      publish();
      return () => listeners.delete(listener);
    },
    () => offer,
    () => null,
  );
}

/** Shows the browser's install dialog (once per event: the browser refuses a second call). */
export async function installApp(): Promise<void> {
  const event = deferred;
  if (!event) return;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  publish();
}

/** "Not now": no offer for a while. */
export function pauseInstallOffer(): void {
  try {
    localStorage.setItem(
      INSTALL_PAUSE_KEY,
      String(Date.now() + INSTALL_PAUSE_DAYS * 24 * 3_600_000),
    );
  } catch {
    // Private mode: it just comes back next visit.
  }
  publish();
}
