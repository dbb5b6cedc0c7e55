import { describe, expect, it } from 'vitest';
import { packageRaise, raisesBeyond, ratesRaise } from './economy-raise';

describe('raisesBeyond', () => {
  it('counts raises above the percentage, and any raise from nothing', () => {
    expect(raisesBeyond(100n, 110n, 10)).toBe(false);
    expect(raisesBeyond(100n, 111n, 10)).toBe(true);
    expect(raisesBeyond(0n, 1n, 10)).toBe(true);
    expect(raisesBeyond(0n, 0n, 10)).toBe(false);
    expect(raisesBeyond(100n, 50n, 10)).toBe(false);
  });
});

describe('packageRaise', () => {
  const base = { reward: 500_000n, dailyTrailers: 4, membershipDays: 75 };
  it('sees a raise of the reward, the quota or the membership length', () => {
    expect(packageRaise(base, { ...base, reward: 600_000n }, 10)).toBe(true);
    expect(packageRaise(base, { ...base, dailyTrailers: 5 }, 10)).toBe(true);
    expect(packageRaise(base, { ...base, membershipDays: 90 }, 10)).toBe(true);
  });
  it('lets small raises and cuts through', () => {
    expect(packageRaise(base, { ...base, reward: 550_000n }, 10)).toBe(false);
    expect(packageRaise(base, { ...base, reward: 100_000n, dailyTrailers: 8 }, 10)).toBe(false);
  });
});

describe('ratesRaise', () => {
  it('sees a raise of any level', () => {
    expect(ratesRaise([1000, 500, 200], [1000, 500, 300], 10)).toBe(true);
    expect(ratesRaise([1000, 500, 200], [1100, 500, 100], 10)).toBe(false);
  });
});
