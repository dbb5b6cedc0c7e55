import { Micro, percentOf, usdt } from './money';

/** One row of the economy table (contract section 3). */
export interface PackageTier {
  vipLevel: number;
  price: Micro;
  dailyTrailers: number;
  rewardPerTrailer: Micro;
  membershipDays: number;
}

export const MEMBERSHIP_DAYS = 75;
export const MAX_VIP_LEVEL = 9;
export const WATCH_MIN_SECONDS = 10;

const PRICES = [0, 50, 200, 500, 1000, 3000, 6000, 10000, 15000, 21000];
const DAILY = [2, 4, 10, 20, 25, 30, 40, 50, 60, 70];
const REWARDS = [0, 0.5, 0.8, 1, 1.6, 4, 6, 8, 10, 12];

/**
 * The defaults the API seeds into its database. Operators may change the
 * stored table afterwards; nothing else hard-codes these numbers.
 */
export const DEFAULT_ECONOMY: readonly PackageTier[] = PRICES.map((price, vipLevel) => ({
  vipLevel,
  price: usdt(price),
  dailyTrailers: DAILY[vipLevel],
  rewardPerTrailer: usdt(REWARDS[vipLevel]),
  membershipDays: vipLevel === 0 ? 0 : MEMBERSHIP_DAYS,
}));

/** Team commission rates in basis points for L1, L2, L3 (10%, 5%, 2%). */
export const DEFAULT_TEAM_RATES_BP = [1000, 500, 200] as const;

export const WITHDRAWAL_FEE_BP = 1500;
export const WITHDRAWAL_MIN = usdt(10);
export const WITHDRAWAL_MAX_LEVEL0 = usdt(3);

/** What a withdrawal of `amount` costs and sends: fee 15% (rounded down), net = amount - fee. */
export function withdrawalQuote(amount: Micro): { fee: Micro; net: Micro } {
  const fee = percentOf(amount, WITHDRAWAL_FEE_BP);
  return { fee, net: amount - fee };
}

export type WithdrawalRefusal = 'below_minimum' | 'level_limit' | 'insufficient_funds';

/**
 * Why a withdrawal of `amount` may not be requested, or null: at least the
 * minimum, at most WITHDRAWAL_MAX_LEVEL0 at effective level 0 (so level 0
 * cannot withdraw while the minimum is above it), never more than the money.
 */
export function withdrawalRefusal(
  amount: Micro,
  effectiveLevel: number,
  money: Micro,
): WithdrawalRefusal | null {
  if (amount < WITHDRAWAL_MIN) return 'below_minimum';
  if (effectiveLevel === 0 && amount > WITHDRAWAL_MAX_LEVEL0) return 'level_limit';
  if (amount > money) return 'insufficient_funds';
  return null;
}

/** The level that counts: vip_level while the membership has not expired, else 0. */
export function effectiveVipLevel(vipLevel: number, vipExpire: Date | null, now: Date): number {
  if (vipLevel <= 0 || !vipExpire) return 0;
  return vipExpire.getTime() > now.getTime() ? vipLevel : 0;
}

export function isValidVipLevel(level: unknown): level is number {
  return (
    typeof level === 'number' && Number.isInteger(level) && level >= 0 && level <= MAX_VIP_LEVEL
  );
}

/** Trailers still countable today: the level's quota minus today's count, never below 0. */
export function tasksRemaining(dailyTrailers: number, countToday: number): number {
  return Math.max(0, dailyTrailers - Math.max(0, countToday));
}

/** Only a level above the current effective level can be bought. */
export function canBuyVipLevel(level: number, effectiveLevel: number): boolean {
  return isValidVipLevel(level) && level > 0 && level > effectiveLevel;
}

/** A level counts as owned while the effective level is at or above it. */
export function ownsVipLevel(level: number, effectiveLevel: number): boolean {
  return level > 0 && effectiveLevel >= level;
}

export type VipPaymentSource = 'points' | 'money';

/**
 * Which balance pays for a package: points first when they cover the whole
 * price, otherwise money, otherwise none (the buy is refused, nothing moves).
 */
export function vipPaymentSource(
  price: Micro,
  money: Micro,
  points: Micro,
): VipPaymentSource | null {
  if (points >= price) return 'points';
  if (money >= price) return 'money';
  return null;
}

/**
 * The six VIP goals of the progress screen (spec section 9), in USDT. A
 * member's progress toward them is what they deposited in total (TRON and
 * card deposits credited): a figure the ledger stands behind.
 */
export const VIP_PROGRESS_GOALS = [150, 400, 1250, 2500, 5000, 10000] as const;
