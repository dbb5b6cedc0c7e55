/**
 * Account recovery (contract section 11): for `holdHours` after a password
 * reset, withdrawals and changes to withdrawal addresses wait, so whoever
 * reset the password cannot take the money before the member notices.
 */

const HOUR_MS = 3_600_000;

/**
 * When the hold that the reset at `resetAt` puts on withdrawals ends, or null
 * when no hold is in force at `now` (no reset, the hold over, or 0 hours: off).
 */
export function recoveryHoldUntil(
  resetAt: Date | null,
  holdHours: number,
  now: Date = new Date(),
): Date | null {
  if (!resetAt || holdHours <= 0) return null;
  const until = new Date(resetAt.getTime() + holdHours * HOUR_MS);
  return until > now ? until : null;
}
