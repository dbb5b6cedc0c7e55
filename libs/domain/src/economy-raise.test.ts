import { describe, expect, it } from 'vitest';
import {
  type CampaignTerms,
  type ChallengeTerms,
  campaignRaise,
  challengeRaise,
  packageRaise,
  raisesBeyond,
  ratesRaise,
  ratioRaisesBeyond,
  shortensBeyond,
} from './economy-raise';

const DAY = 86_400_000;
const YEAR = 365 * DAY;

describe('raisesBeyond', () => {
  it('counts raises above the percentage, and any raise from nothing', () => {
    expect(raisesBeyond(100n, 110n, 10)).toBe(false);
    expect(raisesBeyond(100n, 111n, 10)).toBe(true);
    expect(raisesBeyond(0n, 1n, 10)).toBe(true);
    expect(raisesBeyond(0n, 0n, 10)).toBe(false);
    expect(raisesBeyond(100n, 50n, 10)).toBe(false);
  });
});

describe('ratioRaisesBeyond', () => {
  it('compares ratios without rounding; a denominator going to zero is a raise', () => {
    expect(ratioRaisesBeyond(10n, 2n, 11n, 2n, 10)).toBe(false);
    expect(ratioRaisesBeyond(10n, 2n, 10n, 1n, 10)).toBe(true);
    expect(ratioRaisesBeyond(10n, 2n, 10n, 0n, 10)).toBe(true);
    expect(ratioRaisesBeyond(10n, 0n, 10n, 0n, 10)).toBe(false);
    expect(ratioRaisesBeyond(10n, 0n, 10n, 5n, 10)).toBe(false);
  });
});

describe('shortensBeyond', () => {
  it('counts a cut of more than the percentage', () => {
    expect(shortensBeyond(100n, 90n, 10)).toBe(false);
    expect(shortensBeyond(100n, 89n, 10)).toBe(true);
    expect(shortensBeyond(0n, 0n, 10)).toBe(false);
    expect(shortensBeyond(100n, 0n, 150)).toBe(false);
  });
});

describe('packageRaise', () => {
  const base = { price: 3_000_000_000n, reward: 4_000_000n, dailyTrailers: 4, membershipDays: 75 };
  it('sees a raise of the reward, the quota or the membership length', () => {
    expect(packageRaise(base, { ...base, reward: 4_800_000n }, 10)).toBe(true);
    expect(packageRaise(base, { ...base, dailyTrailers: 5 }, 10)).toBe(true);
    expect(packageRaise(base, { ...base, membershipDays: 90 }, 10)).toBe(true);
  });
  it('sees a price cut as a raise: the same pay for less (3,000 to 0.01 or to nothing)', () => {
    expect(packageRaise(base, { ...base, price: 10_000n }, 10)).toBe(true);
    expect(packageRaise(base, { ...base, price: 0n }, 10)).toBe(true);
    expect(packageRaise(base, { ...base, price: 2_800_000_000n }, 10)).toBe(false);
    // A free level stays free: no pay per price to compare.
    const free = { ...base, price: 0n };
    expect(packageRaise(free, free, 10)).toBe(false);
  });
  it('lets small raises, cuts and a dearer package through', () => {
    expect(packageRaise(base, { ...base, reward: 4_400_000n }, 10)).toBe(false);
    expect(packageRaise(base, { ...base, reward: 2_000_000n, dailyTrailers: 8 }, 10)).toBe(false);
    expect(packageRaise(base, { ...base, price: 6_000_000_000n }, 10)).toBe(false);
  });
  it('catches a reward per trailer raised while the quota falls (members who watch fewer)', () => {
    expect(packageRaise(base, { ...base, reward: 40_000_000n, dailyTrailers: 1 }, 10)).toBe(true);
  });
  it('holds twenty +10 % steps against the approved value: the second step already waits', () => {
    let reward = base.reward;
    const waited: number[] = [];
    for (let step = 1; step <= 20; step++) {
      reward = (reward * 110n) / 100n;
      if (packageRaise(base, { ...base, reward }, 10)) waited.push(step);
    }
    expect(waited[0]).toBe(2);
    expect(waited).toHaveLength(19);
  });
});

describe('ratesRaise', () => {
  it('sees a raise of any level', () => {
    expect(ratesRaise([1000, 500, 200], [1000, 500, 300], 10)).toBe(true);
    expect(ratesRaise([1000, 500, 200], [1100, 500, 100], 10)).toBe(false);
    expect(ratesRaise([0, 0, 0], [1, 0, 0], 10)).toBe(true);
  });
});

describe('challengeRaise', () => {
  const now = Date.UTC(2026, 0, 1);
  const base: ChallengeTerms = {
    published: true,
    kind: 'trailers',
    reward: 5_000_000n,
    goal: 1000n,
    startsAt: now,
    endsAt: now + 7 * DAY,
  };
  it('sees a published reward from nothing', () => {
    expect(challengeRaise(null, base, 10)).toBe(true);
    expect(challengeRaise({ ...base, published: false }, base, 10)).toBe(true);
    expect(challengeRaise(null, { ...base, published: false }, 10)).toBe(false);
    expect(challengeRaise(null, { ...base, reward: 0n }, 10)).toBe(false);
  });
  it('sees a goal of 1,000 cut to 1, a new kind and an end ten years later', () => {
    expect(challengeRaise(base, { ...base, goal: 1n }, 10)).toBe(true);
    expect(challengeRaise(base, { ...base, kind: 'team_vip1' }, 10)).toBe(true);
    expect(challengeRaise(base, { ...base, endsAt: base.endsAt + 10 * YEAR }, 10)).toBe(true);
    expect(challengeRaise(base, { ...base, startsAt: base.startsAt - 7 * DAY }, 10)).toBe(true);
    expect(challengeRaise(base, { ...base, reward: 6_000_000n }, 10)).toBe(true);
  });
  it('sees small terms that add up beyond the percentage', () => {
    // +4 % reward, -4 % goal, +4 % window: each within 10 %, together +12.7 %.
    const mixed = { ...base, reward: 5_200_000n, goal: 960n, endsAt: base.endsAt + 0.28 * DAY };
    expect(challengeRaise(base, { ...mixed, endsAt: base.endsAt }, 10)).toBe(false);
    expect(challengeRaise(base, mixed, 10)).toBe(true);
  });
  it('lets small changes, a higher goal, a shorter window or unpublishing through', () => {
    expect(challengeRaise(base, { ...base, reward: 5_500_000n }, 10)).toBe(false);
    expect(challengeRaise(base, { ...base, goal: 2000n }, 10)).toBe(false);
    expect(challengeRaise(base, { ...base, endsAt: base.endsAt - DAY }, 10)).toBe(false);
    expect(
      challengeRaise(
        base,
        { ...base, startsAt: base.startsAt + DAY, endsAt: base.endsAt + DAY },
        10,
      ),
    ).toBe(false);
    expect(challengeRaise(base, { ...base, published: false, kind: 'deposits' }, 10)).toBe(false);
  });
});

describe('campaignRaise', () => {
  const now = Date.UTC(2026, 0, 1);
  const base: CampaignTerms = {
    inviterPoints: 10_000_000n,
    memberPoints: 5_000_000n,
    minVipLevel: 9,
    holdDays: 365,
    startsAt: now - DAY,
    endsAt: now + 30 * DAY,
  };
  it('sees bonuses from nothing', () => {
    expect(campaignRaise(null, base, 10, now)).toBe(true);
    const none = { ...base, inviterPoints: 0n, memberPoints: 0n };
    expect(campaignRaise(none, base, 10, now)).toBe(true);
    expect(campaignRaise(null, none, 10, now)).toBe(false);
  });
  it('sees an entry level of 9 cut to 1, a hold of 365 cut to 0 and a bonus raised', () => {
    expect(campaignRaise(base, { ...base, minVipLevel: 1 }, 10, now)).toBe(true);
    expect(campaignRaise(base, { ...base, minVipLevel: 8 }, 10, now)).toBe(true);
    expect(campaignRaise(base, { ...base, holdDays: 0 }, 10, now)).toBe(true);
    expect(campaignRaise(base, { ...base, memberPoints: 6_000_000n }, 10, now)).toBe(true);
  });
  it('sees more time to run: a later end, a future start brought forward, an ended one revived', () => {
    expect(campaignRaise(base, { ...base, endsAt: base.endsAt + 10 * YEAR }, 10, now)).toBe(true);
    const future = { ...base, startsAt: now + YEAR, endsAt: now + YEAR + 30 * DAY };
    expect(campaignRaise(future, { ...future, startsAt: now - YEAR }, 10, now)).toBe(true);
    const ended = { ...base, startsAt: now - 60 * DAY, endsAt: now - 30 * DAY };
    expect(campaignRaise(ended, { ...ended, endsAt: now + DAY }, 10, now)).toBe(true);
  });
  it('lets small changes, a higher level, a longer hold and a start moved into the past through', () => {
    expect(campaignRaise(base, { ...base, inviterPoints: 11_000_000n }, 10, now)).toBe(false);
    expect(campaignRaise(base, { ...base, minVipLevel: 10 }, 10, now)).toBe(false);
    expect(campaignRaise(base, { ...base, holdDays: 400 }, 10, now)).toBe(false);
    expect(campaignRaise(base, { ...base, holdDays: 330 }, 10, now)).toBe(false);
    expect(campaignRaise(base, { ...base, startsAt: now - YEAR }, 10, now)).toBe(false);
    expect(campaignRaise(base, { ...base, endsAt: now + 10 * DAY }, 10, now)).toBe(false);
  });
});
