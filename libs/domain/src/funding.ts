import { Micro, percentOf } from './money';

/**
 * Where the club's payouts come from and how long it can keep paying them
 * (contract section 11, "Funding (public)"): the next days' obligations at
 * today's levels and memberships, against what the club holds beyond its
 * members' money (the surplus of the latest proof of liabilities) plus what
 * sponsors paid in and payouts have not spent yet. The API's guard and the
 * console's runway read the same rules.
 */

/** The days of obligations the club shows and an economy change must be funded for. */
export const FUNDING_HORIZON_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * Members at one effective level over the horizon: how many member-days they
 * spend at it, and of those, how many have an active inviter at each depth
 * (1 to 3), who earns a commission on every reward.
 */
export interface LevelExposure {
  level: number;
  memberDays: number;
  /** `[depth 1, depth 2, depth 3]` member-days with an active upline at that depth. */
  uplineDays: readonly number[];
}

/** What one level pays a day. */
export interface LevelPay {
  level: number;
  dailyTrailers: number;
  rewardMicro: Micro;
}

/**
 * Every reward the members may watch for over the horizon, each day's full
 * quota, and the commissions each pays their uplines (rounded per payout, as
 * the watch pays them): what the club has promised at today's terms.
 */
export function rewardObligations(
  exposure: readonly LevelExposure[],
  pay: readonly LevelPay[],
  teamRatesBp: readonly number[],
): Micro {
  const byLevel = new Map(pay.map((p) => [p.level, p]));
  let total = 0n;
  for (const level of exposure) {
    const terms = byLevel.get(level.level);
    if (!terms || terms.rewardMicro <= 0n || terms.dailyTrailers <= 0) continue;
    const perDay = BigInt(terms.dailyTrailers);
    total += BigInt(level.memberDays) * perDay * terms.rewardMicro;
    level.uplineDays.forEach((days, i) => {
      const commission = percentOf(terms.rewardMicro, teamRatesBp[i] ?? 0);
      total += BigInt(days) * perDay * commission;
    });
  }
  return total;
}

/** A campaign's terms as the forecast reads them. */
export interface CampaignForecast {
  startsAt: number;
  endsAt: number;
  minVipLevel: number;
  inviterPointsMicro: Micro;
  memberPointsMicro: Micro;
}

/**
 * A campaign's bonuses over the horizon: each purchase at or above its entry
 * level pays both bonuses, and purchases go on at last `window` days' pace
 * (`purchasesByLevel`: level -> purchases in that window), over the part of
 * the horizon the campaign runs. An estimate that counts every purchase,
 * invited or not: it errs towards refusing.
 */
export function campaignObligations(
  campaigns: readonly CampaignForecast[],
  purchasesByLevel: ReadonlyMap<number, number>,
  now: number,
  horizonDays: number = FUNDING_HORIZON_DAYS,
  windowDays: number = FUNDING_HORIZON_DAYS,
): Micro {
  const horizonEnd = now + horizonDays * DAY_MS;
  let total = 0n;
  for (const c of campaigns) {
    const runs = Math.min(c.endsAt, horizonEnd) - Math.max(c.startsAt, now);
    if (runs <= 0) continue;
    let purchases = 0;
    for (const [level, count] of purchasesByLevel) if (level >= c.minVipLevel) purchases += count;
    const bonus = c.inviterPointsMicro + c.memberPointsMicro;
    // purchases / window * days running, in whole micro-USDT rounded up.
    const numerator = bonus * BigInt(purchases) * BigInt(Math.ceil(runs));
    const denominator = BigInt(windowDays * DAY_MS);
    total += (numerator + denominator - 1n) / denominator;
  }
  return total;
}

/**
 * Whole days the club can pay at the horizon's average daily obligation out
 * of `available`; null when nothing is promised (no end in sight), 0 when
 * nothing is available.
 */
export function runwayDays(
  availableMicro: Micro,
  obligationsMicro: Micro,
  horizonDays: number = FUNDING_HORIZON_DAYS,
): number | null {
  if (obligationsMicro <= 0n) return null;
  if (availableMicro <= 0n) return 0;
  return Number((availableMicro * BigInt(horizonDays)) / obligationsMicro);
}

/**
 * Whether an economy change or campaign must be refused: it promises more
 * than the terms in force, and more than the club has to pay it with. A
 * change that promises no more is never refused, even when the club is
 * already short: it does not make things worse.
 */
export function isUnfunded(before: Micro, after: Micro, availableMicro: Micro): boolean {
  return after > before && after > availableMicro;
}
