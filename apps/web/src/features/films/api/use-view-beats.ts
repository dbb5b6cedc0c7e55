import { useEffect, useRef } from 'react';
import { BEAT_MAX_INTERVAL_MS, BEAT_PLAYING_INTERVAL_MS, type ViewState } from '@app/domain';
import { ApiError, beatTrailerView } from '@app/contracts';

export interface ViewBeats {
  trailerId: number;
  /** The view GET /trailers/{id} opened; none yet: nothing is sent. */
  viewId: string | undefined;
  /** What the player does now, as the server is told it. */
  state: ViewState;
  /** The player's position, read at each beat (seconds). */
  position: () => number;
  /** False stops the beats (no player, counted already). */
  active: boolean;
  /** The server counted 10 s of play: the watch may be sent. Called once per view. */
  onPlayed: () => void;
  /** Another view of the member's (a tab, a device) ended this one, or it is gone. Once per view. */
  onEnded: () => void;
}

/**
 * Reports the player to the server (contract section 11): a beat at once
 * whenever the state changes, then every 2 s while it plays and every 5 s
 * otherwise. The server counts the time between beats; when a beat's answer
 * says the view played 10 s, `onPlayed` is called. Leaving the page stops
 * the beats, and nothing is counted.
 */
export function useViewBeats(beats: ViewBeats): void {
  const latest = useRef(beats);
  latest.current = beats;
  // Views that are done (counted or ended): a change of state later sends nothing more.
  const done = useRef(new Set<string>());
  const { trailerId, viewId, state, active } = beats;

  useEffect(() => {
    if (!active || !viewId || done.current.has(viewId)) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (then: () => void) => {
      stopped = true;
      done.current.add(viewId);
      then();
    };
    const beat = async () => {
      const position = Math.max(0, latest.current.position() || 0);
      try {
        const answer = await beatTrailerView(trailerId, viewId, { state, position });
        if (stopped) return;
        if (answer.played >= answer.needed) return finish(() => latest.current.onPlayed());
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && (error.code === 'VIEW_ENDED' || error.status === 404))
          return finish(() => latest.current.onEnded());
        // Anything else (the network, a busy server): the next beat tries again.
      }
      timer = setTimeout(
        () => void beat(),
        state === 'playing' ? BEAT_PLAYING_INTERVAL_MS : BEAT_MAX_INTERVAL_MS,
      );
    };
    void beat();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [trailerId, viewId, state, active]);
}
