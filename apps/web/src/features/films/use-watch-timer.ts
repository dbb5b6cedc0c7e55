import { useEffect, useRef } from 'react';
import { WATCH_MIN_SECONDS } from '@app/domain';

/** The spec's 10 s, from the rule the API enforces (WATCH_TOO_SHORT below it). */
export const WATCH_DELAY_MS = WATCH_MIN_SECONDS * 1000;

/**
 * Calls onElapsed once, WATCH_DELAY_MS after `active` became true for this
 * trailer. Leaving the page (unmount) or switching trailers before then
 * cancels it (spec section 4, trailer view).
 */
export function useWatchTimer(trailerId: number, active: boolean, onElapsed: () => void): void {
  const callback = useRef(onElapsed);
  callback.current = onElapsed;

  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => callback.current(), WATCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trailerId, active]);
}
