import { describe, expect, it } from 'vitest';
import { campaignObligations, isUnfunded, rewardObligations, runwayDays } from './funding';

const DAY = 86_400_000;

describe('funding: what the club has promised over the next days', () => {
  const pay = [
    { level: 0, dailyTrailers: 2, rewardMicro: 0n },
    { level: 1, dailyTrailers: 4, rewardMicro: 500_000n },
    { level: 2, dailyTrailers: 10, rewardMicro: 800_000n },
  ];

  it('counts every day of quota at each level, and the commissions each reward pays up the team', () => {
    const exposure = [
      { level: 0, memberDays: 300, uplineDays: [300, 0, 0] },
      // Two members at level 1 for 30 days, one with an inviter (and that one's inviter).
      { level: 1, memberDays: 60, uplineDays: [30, 30, 0] },
      { level: 2, memberDays: 10, uplineDays: [0, 0, 0] },
    ];
    // Level 1: 60 days x 4 x 0.5 = 120 USDT; commissions 30 x 4 x 0.05 + 30 x 4 x 0.025 = 9 USDT.
    // Level 2: 10 x 10 x 0.8 = 80 USDT.
    expect(rewardObligations(exposure, pay, [1000, 500, 200])).toBe(209_000_000n);
  });

  it('rounds each commission down as the watch pays it', () => {
    const exposure = [{ level: 1, memberDays: 1, uplineDays: [1, 0, 0] }];
    const odd = [{ level: 1, dailyTrailers: 1, rewardMicro: 7n }];
    // 10% of 7 micro is 0.7: paid as 0.
    expect(rewardObligations(exposure, odd, [1000, 0, 0])).toBe(7n);
  });

  it("estimates a campaign's bonuses at last window's purchases, over the days it runs within the horizon", () => {
    const now = Date.UTC(2026, 11, 1);
    const campaign = {
      startsAt: now - DAY,
      endsAt: now + 15 * DAY,
      minVipLevel: 2,
      inviterPointsMicro: 10_000_000n,
      memberPointsMicro: 5_000_000n,
    };
    // 30 purchases at level 2 or above in 30 days: one a day, 15 days of bonuses of 15 points.
    const purchases = new Map([
      [1, 100],
      [2, 20],
      [5, 10],
    ]);
    expect(campaignObligations([campaign], purchases, now)).toBe(225_000_000n);
    expect(campaignObligations([{ ...campaign, endsAt: now }], purchases, now)).toBe(0n);
    expect(
      campaignObligations(
        [{ ...campaign, startsAt: now + 40 * DAY, endsAt: now + 50 * DAY }],
        purchases,
        now,
      ),
    ).toBe(0n);
  });

  it('gives the runway in whole days, none when nothing is promised', () => {
    expect(runwayDays(100_000_000n, 300_000_000n)).toBe(10);
    expect(runwayDays(-5n, 300_000_000n)).toBe(0);
    expect(runwayDays(100n, 0n)).toBeNull();
  });

  it('refuses only a change that promises more than before and more than there is', () => {
    expect(isUnfunded(100n, 200n, 150n)).toBe(true);
    expect(isUnfunded(100n, 140n, 150n)).toBe(false);
    // Already short: a cut, or no change, is never refused.
    expect(isUnfunded(300n, 200n, 150n)).toBe(false);
    expect(isUnfunded(300n, 300n, 150n)).toBe(false);
  });
});
