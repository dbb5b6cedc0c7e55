/**
 * Trailer views measured by the server (issue 38, contract section 11): the
 * client reports its player's state in beats, and a watch counts only after
 * WATCH_MIN_SECONDS of `playing` the server itself saw between beats.
 */

/** What a beat reports: the player's state, or `hidden` while the page is not visible. */
export const VIEW_STATES = ['playing', 'paused', 'hidden'] as const;
export type ViewState = (typeof VIEW_STATES)[number];

/** The contract's floor: a client beats at least this often while a view is open. */
export const BEAT_MAX_INTERVAL_MS = 5000;

/**
 * How often the web client beats while its player plays: the server counts
 * time between two beats, so the watch lands within this much of 10 s.
 */
export const BEAT_PLAYING_INTERVAL_MS = 2000;

/**
 * A silence between two beats longer than this counts for nothing: the
 * server did not see that time (a beat is due every 5 s; 2.5 s of grace for
 * a slow network).
 */
export const BEAT_GAP_LIMIT_MS = 7500;

/**
 * Time between two beats counts at most as far as the player's position
 * moved, plus this much (the position is read a moment before the beat is
 * sent): a stalled or buffering player earns no time.
 */
export const BEAT_POSITION_SLACK_MS = 1000;

/** The furthest position a beat may report (seconds): a day, far beyond any trailer. */
export const VIEW_POSITION_MAX_SECONDS = 86_400;

/** A view id as the API hands it out: 22 url-safe characters (16 random bytes). */
export const VIEW_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
