/**
 * Economy changes that raise what members are paid by more than a given
 * percentage wait for a second admin (issues 25 and 36). A change is held
 * against the last value a second admin approved (or the seeded or created
 * one), never against the value just before it, so twenty small steps
 * count as one big one. What "paid" means per part of the economy is decided
 * here, once, for the API and the console: every term that lets members earn
 * more for the same thing counts, alone and in its product with the others.
 */

/** Whether `after` pays more than `before` by over `percent` % (any raise from nothing counts). */
export function raisesBeyond(before: bigint, after: bigint, percent: number): boolean {
  return after * 100n > before * BigInt(100 + percent);
}

/**
 * Whether the ratio `after / afterPer` exceeds `before / beforePer` by over
 * `percent` %, cross-multiplied so nothing is rounded. A denominator going
 * to zero with something still paid is a raise beyond any percentage; both
 * zero is none.
 */
export function ratioRaisesBeyond(
  before: bigint,
  beforePer: bigint,
  after: bigint,
  afterPer: bigint,
  percent: number,
): boolean {
  return after * beforePer * 100n > before * afterPer * BigInt(100 + percent);
}

/** Whether `after` is shorter than `before` by over `percent` % (a hold, a wait). */
export function shortensBeyond(before: bigint, after: bigint, percent: number): boolean {
  return after * 100n < before * BigInt(100 - Math.min(percent, 100));
}

export interface PackageTerms {
  /** What the member pays for the level, micro-USDT. */
  price: bigint;
  /** Paid per counted trailer, micro-USDT. */
  reward: bigint;
  dailyTrailers: number;
  membershipDays: number;
}

/**
 * A package pays `reward` per trailer, up to `dailyTrailers` a day, for
 * `membershipDays`, to a member who paid `price`. A raise of the reward per
 * trailer (a member who watches fewer than the quota), of the day's pay, of
 * the pay over one membership, or of that pay per USDT of price (a price
 * cut: members pay less for the same pay) counts.
 */
export function packageRaise(approved: PackageTerms, next: PackageTerms, percent: number): boolean {
  const perDay = (p: PackageTerms) => p.reward * BigInt(p.dailyTrailers);
  const perMembership = (p: PackageTerms) => perDay(p) * BigInt(p.membershipDays);
  return (
    raisesBeyond(approved.reward, next.reward, percent) ||
    raisesBeyond(perDay(approved), perDay(next), percent) ||
    raisesBeyond(perMembership(approved), perMembership(next), percent) ||
    ratioRaisesBeyond(
      perMembership(approved),
      approved.price,
      perMembership(next),
      next.price,
      percent,
    )
  );
}

/** Team rates in basis points by level: any level's raise counts. */
export function ratesRaise(approved: number[], next: number[], percent: number): boolean {
  return next.some((rate, i) => raisesBeyond(BigInt(approved[i] ?? 0), BigInt(rate), percent));
}

export interface ChallengeTerms {
  /** Unpublished, a challenge pays nobody. */
  published: boolean;
  kind: string;
  /** micro-USDT paid once on claim */
  reward: bigint;
  /** In the kind's unit (a count, or micro-USDT for deposits); above zero. */
  goal: bigint;
  /** Activity between these two times counts (ms since the epoch). */
  startsAt: number;
  endsAt: number;
}

const windowOf = (from: number, to: number) => BigInt(Math.max(0, Math.floor(to - from)));

/** A published challenge with a reward pays members; anything else pays nobody. */
const challengePays = (c: ChallengeTerms) => c.published && c.reward > 0n;

/**
 * A challenge pays its reward to whoever reaches its goal within its dates.
 * Publishing a rewarded one pays from nothing; a new kind of goal is a new
 * challenge (always a raise); the reward, the reward per unit of goal (a
 * lower goal), the window (a later end or an earlier start) and their
 * product (reward × window / goal) each count.
 */
export function challengeRaise(
  approved: ChallengeTerms | null,
  next: ChallengeTerms,
  percent: number,
): boolean {
  if (!challengePays(next)) return false;
  if (!approved || !challengePays(approved)) return true;
  if (next.kind !== approved.kind) return true;
  const window = (c: ChallengeTerms) => windowOf(c.startsAt, c.endsAt);
  return (
    raisesBeyond(approved.reward, next.reward, percent) ||
    ratioRaisesBeyond(approved.reward, approved.goal, next.reward, next.goal, percent) ||
    raisesBeyond(window(approved), window(next), percent) ||
    ratioRaisesBeyond(
      approved.reward * window(approved),
      approved.goal,
      next.reward * window(next),
      next.goal,
      percent,
    )
  );
}

export interface CampaignTerms {
  /** Points for the inviter and the new member, micro. */
  inviterPoints: bigint;
  memberPoints: bigint;
  /** The lowest package whose purchase earns them. */
  minVipLevel: number;
  /** Days the points stay held. */
  holdDays: number;
  /** Purchases between these two times earn them (ms since the epoch). */
  startsAt: number;
  endsAt: number;
}

const campaignBonus = (c: CampaignTerms) => c.inviterPoints + c.memberPoints;

/**
 * A campaign pays its bonuses for every qualifying purchase while it runs.
 * With bonuses where the approved one paid none it pays from nothing;
 * otherwise either bonus, a lower entry level (a whole class of purchases
 * more: any lowering counts), a shorter hold, the time still to run from
 * `now` (a later end, or a start brought forward from the future) and the
 * bonuses over that time each count.
 */
export function campaignRaise(
  approved: CampaignTerms | null,
  next: CampaignTerms,
  percent: number,
  now: number,
): boolean {
  if (campaignBonus(next) === 0n) return false;
  if (!approved || campaignBonus(approved) === 0n) return true;
  const ahead = (c: CampaignTerms) => windowOf(Math.max(c.startsAt, now), c.endsAt);
  return (
    raisesBeyond(approved.inviterPoints, next.inviterPoints, percent) ||
    raisesBeyond(approved.memberPoints, next.memberPoints, percent) ||
    next.minVipLevel < approved.minVipLevel ||
    shortensBeyond(BigInt(approved.holdDays), BigInt(next.holdDays), percent) ||
    raisesBeyond(ahead(approved), ahead(next), percent) ||
    raisesBeyond(
      campaignBonus(approved) * ahead(approved),
      campaignBonus(next) * ahead(next),
      percent,
    )
  );
}
