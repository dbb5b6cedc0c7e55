/**
 * Economy changes that raise what members are paid by more than a given
 * percentage wait for a second admin (issue 25). What "paid" means per part
 * of the economy is decided here, once, for the API and the console.
 */

/** Whether `after` pays more than `before` by over `percent` % (any raise from nothing counts). */
export function raisesBeyond(before: bigint, after: bigint, percent: number): boolean {
  return after * 100n > before * BigInt(100 + percent);
}

export interface PackagePay {
  reward: bigint;
  dailyTrailers: number;
  membershipDays: number;
}

/**
 * A package pays reward × trailers a day, for membership_days: a raise of
 * either the daily pay or the pay over one membership counts.
 */
export function packageRaise(before: PackagePay, after: PackagePay, percent: number): boolean {
  const perDay = (p: PackagePay) => p.reward * BigInt(p.dailyTrailers);
  const perMembership = (p: PackagePay) => perDay(p) * BigInt(p.membershipDays);
  return (
    raisesBeyond(perDay(before), perDay(after), percent) ||
    raisesBeyond(perMembership(before), perMembership(after), percent)
  );
}

/** Team rates in basis points by level: any level's raise counts. */
export function ratesRaise(before: number[], after: number[], percent: number): boolean {
  return after.some((rate, i) => raisesBeyond(BigInt(before[i] ?? 0), BigInt(rate), percent));
}
