import { useSyncExternalStore } from 'react';

/** From this width the operator console has a desk layout of its own (side navigation, full width). */
export const DESK_QUERY = '(min-width: 1024px)';

/** The operator area: its own layout at a desk, no member bottom bar or support button over it. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DESK_QUERY)
    : null;
}

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True at a desk-wide window; follows resizes (a phone, or no matchMedia, is not a desk). */
export function useDesk(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
