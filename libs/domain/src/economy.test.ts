import { describe, expect, it } from 'vitest';
import {
  canBuyVipLevel,
  DEFAULT_ECONOMY,
  DEFAULT_TEAM_RATES_BP,
  effectiveVipLevel,
  isValidVipLevel,
  MAX_VIP_LEVEL,
  MEMBERSHIP_DAYS,
  ownsVipLevel,
  tasksRemaining,
  vipPaymentSource,
  WATCH_MIN_SECONDS,
  WITHDRAWAL_FEE_BP,
  WITHDRAWAL_MAX_LEVEL0,
  WITHDRAWAL_MIN,
  withdrawalQuote,
  withdrawalRefusal,
} from './economy';
import { microToNumber, percentOf, usdt } from './money';

describe('DEFAULT_ECONOMY', () => {
  it('has one row per level 0..9 in order', () => {
    expect(DEFAULT_ECONOMY).toHaveLength(MAX_VIP_LEVEL + 1);
    expect(DEFAULT_ECONOMY.map((t) => t.vipLevel)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('matches the contract table (prices, trailers a day, reward per trailer)', () => {
    const table = DEFAULT_ECONOMY.map((t) => [
      t.vipLevel,
      microToNumber(t.price),
      t.dailyTrailers,
      microToNumber(t.rewardPerTrailer),
    ]);
    expect(table).toEqual([
      [0, 0, 2, 0],
      [1, 50, 4, 0.5],
      [2, 200, 10, 0.8],
      [3, 500, 20, 1],
      [4, 1000, 25, 1.6],
      [5, 3000, 30, 4],
      [6, 6000, 40, 6],
      [7, 10000, 50, 8],
      [8, 15000, 60, 10],
      [9, 21000, 70, 12],
    ]);
  });

  it('holds money as integer micro-USDT', () => {
    expect(DEFAULT_ECONOMY[1].price).toBe(50_000_000n);
    expect(DEFAULT_ECONOMY[4].rewardPerTrailer).toBe(1_600_000n);
    for (const tier of DEFAULT_ECONOMY) {
      expect(typeof tier.price).toBe('bigint');
      expect(typeof tier.rewardPerTrailer).toBe('bigint');
    }
  });

  it('gives paid levels a 75-day membership and level 0 none', () => {
    expect(MEMBERSHIP_DAYS).toBe(75);
    expect(DEFAULT_ECONOMY[0].membershipDays).toBe(0);
    for (const tier of DEFAULT_ECONOMY.slice(1)) expect(tier.membershipDays).toBe(75);
  });

  it('has strictly rising prices', () => {
    for (let i = 1; i < DEFAULT_ECONOMY.length; i++) {
      expect(DEFAULT_ECONOMY[i].price > DEFAULT_ECONOMY[i - 1].price).toBe(true);
    }
  });
});

describe('constants', () => {
  it('match the contract', () => {
    expect(DEFAULT_TEAM_RATES_BP).toEqual([1000, 500, 200]);
    expect(WITHDRAWAL_FEE_BP).toBe(1500);
    expect(WITHDRAWAL_MIN).toBe(usdt(10));
    expect(WITHDRAWAL_MAX_LEVEL0).toBe(usdt(3));
    expect(WATCH_MIN_SECONDS).toBe(10);
  });

  it('gives the withdrawal fee and net amount of the minimum withdrawal', () => {
    const fee = percentOf(WITHDRAWAL_MIN, WITHDRAWAL_FEE_BP);
    expect(microToNumber(fee)).toBe(1.5);
    expect(microToNumber(WITHDRAWAL_MIN - fee)).toBe(8.5);
  });

  it('pays team commission of 10%, 5%, 2% of a 12 USDT reward', () => {
    expect(DEFAULT_TEAM_RATES_BP.map((bp) => microToNumber(percentOf(usdt(12), bp)))).toEqual([
      1.2, 0.6, 0.24,
    ]);
  });
});

describe('effectiveVipLevel', () => {
  const now = new Date('2024-05-12T12:00:00Z');

  it('is the level while the membership has not expired', () => {
    expect(effectiveVipLevel(3, new Date('2024-05-12T12:00:01Z'), now)).toBe(3);
    expect(effectiveVipLevel(9, new Date('2024-07-26T00:00:00Z'), now)).toBe(9);
  });

  it('is 0 once the expiry is reached or passed', () => {
    expect(effectiveVipLevel(3, new Date('2024-05-12T12:00:00Z'), now)).toBe(0);
    expect(effectiveVipLevel(3, new Date('2024-05-01T00:00:00Z'), now)).toBe(0);
  });

  it('is 0 without an expiry or for level 0 and below', () => {
    expect(effectiveVipLevel(3, null, now)).toBe(0);
    expect(effectiveVipLevel(0, new Date('2030-01-01T00:00:00Z'), now)).toBe(0);
    expect(effectiveVipLevel(-1, new Date('2030-01-01T00:00:00Z'), now)).toBe(0);
  });
});

describe('isValidVipLevel', () => {
  it('accepts integers 0..9 only', () => {
    for (let level = 0; level <= 9; level++) expect(isValidVipLevel(level)).toBe(true);
    for (const bad of [-1, 10, 1.5, NaN, Infinity, '1', null, undefined]) {
      expect(isValidVipLevel(bad), String(bad)).toBe(false);
    }
  });
});

describe('tasksRemaining', () => {
  it("is the level's quota minus today's count", () => {
    expect(tasksRemaining(4, 0)).toBe(4);
    expect(tasksRemaining(4, 3)).toBe(1);
    expect(tasksRemaining(2, 2)).toBe(0);
  });

  it('never goes below 0 (the quota was lowered, or the level expired today)', () => {
    expect(tasksRemaining(2, 4)).toBe(0);
    expect(tasksRemaining(0, 1)).toBe(0);
  });
});

describe('package rules', () => {
  it('only levels above the effective level can be bought', () => {
    expect(canBuyVipLevel(1, 0)).toBe(true);
    expect(canBuyVipLevel(3, 2)).toBe(true);
    expect(canBuyVipLevel(2, 2)).toBe(false);
    expect(canBuyVipLevel(1, 2)).toBe(false);
    expect(canBuyVipLevel(0, 0)).toBe(false);
    expect(canBuyVipLevel(10, 0)).toBe(false);
  });

  it('levels at or below the effective level are owned', () => {
    expect(ownsVipLevel(2, 2)).toBe(true);
    expect(ownsVipLevel(1, 2)).toBe(true);
    expect(ownsVipLevel(3, 2)).toBe(false);
    expect(ownsVipLevel(0, 0)).toBe(false);
  });

  it('pays from points first, then money, else nothing', () => {
    expect(vipPaymentSource(usdt(50), usdt(100), usdt(50))).toBe('points');
    expect(vipPaymentSource(usdt(50), usdt(50), usdt(49.99))).toBe('money');
    expect(vipPaymentSource(usdt(50), usdt(49.99), usdt(49.99))).toBeNull();
  });
});

describe('withdrawals', () => {
  it('quotes the 15% fee and the net sent on chain', () => {
    expect(withdrawalQuote(usdt(10))).toEqual({ fee: usdt(1.5), net: usdt(8.5) });
    // Rounded down to the micro-USDT: the member is never charged a fraction more.
    expect(withdrawalQuote(13n)).toEqual({ fee: 1n, net: 12n });
  });

  it('refuses below the minimum, above the level-0 cap and above the money', () => {
    expect(withdrawalRefusal(usdt(9.999999), 3, usdt(100))).toBe('below_minimum');
    expect(withdrawalRefusal(usdt(10), 0, usdt(100))).toBe('level_limit');
    expect(withdrawalRefusal(usdt(50), 1, usdt(49))).toBe('insufficient_funds');
    expect(withdrawalRefusal(usdt(10), 1, usdt(10))).toBeNull();
  });
});
