import { describe, expect, it } from 'vitest';
import {
  formatUsdt,
  formatUsdtExact,
  MICRO_PER_USDT,
  microToNumber,
  microToString,
  parseMicro,
  percentOf,
  usdt,
} from './money';

describe('parseMicro', () => {
  it('parses numbers exactly, without float error', () => {
    expect(parseMicro(0)).toBe(0n);
    expect(parseMicro(1)).toBe(1_000_000n);
    expect(parseMicro(12.5)).toBe(12_500_000n);
    expect(parseMicro(0.3)).toBe(300_000n);
    expect(parseMicro(1.005)).toBe(1_005_000n);
    expect(parseMicro(0.000001)).toBe(1n);
    expect(parseMicro(21000)).toBe(21_000_000_000n);
    expect(parseMicro(123456.789012)).toBe(123_456_789_012n);
  });

  it('refuses a float sum that carries more than 6 decimals instead of rounding it', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary floating point.
    expect(parseMicro(0.1 + 0.2)).toBeNull();
    expect(parseMicro(1.1 * 3)).toBeNull();
  });

  it('parses decimal strings exactly', () => {
    expect(parseMicro('0.1')).toBe(100_000n);
    expect(parseMicro('0.2')).toBe(200_000n);
    expect((parseMicro('0.1') as bigint) + (parseMicro('0.2') as bigint)).toBe(parseMicro('0.3'));
    expect(parseMicro('12.500000')).toBe(12_500_000n);
    expect(parseMicro(' 7.25 ')).toBe(7_250_000n);
    expect(parseMicro('000010')).toBe(10_000_000n);
    expect(parseMicro('9007199254740993')).toBe(9_007_199_254_740_993n * MICRO_PER_USDT);
  });

  it('rejects more than 6 decimals', () => {
    expect(parseMicro('0.0000001')).toBeNull();
    expect(parseMicro('1.1234567')).toBeNull();
    expect(parseMicro(0.0000001)).toBeNull();
    expect(parseMicro(1e-7)).toBeNull();
    expect(parseMicro(1.1234567)).toBeNull();
  });

  it('keeps the sign of negative amounts', () => {
    expect(parseMicro(-5)).toBe(-5_000_000n);
    expect(parseMicro('-0.5')).toBe(-500_000n);
    expect(parseMicro(-0.000001)).toBe(-1n);
    expect(parseMicro('-0')).toBe(0n);
  });

  it('rejects NaN, Infinity and other non-decimals', () => {
    expect(parseMicro(NaN)).toBeNull();
    expect(parseMicro(Infinity)).toBeNull();
    expect(parseMicro(-Infinity)).toBeNull();
    for (const bad of [
      '',
      ' ',
      'abc',
      '1e3',
      '0x10',
      '1,5',
      '.5',
      '5.',
      '+5',
      '--1',
      '1 000',
      'NaN',
    ]) {
      expect(parseMicro(bad), JSON.stringify(bad)).toBeNull();
    }
    for (const bad of [null, undefined, true, {}, [], 5n]) {
      expect(parseMicro(bad), String(bad)).toBeNull();
    }
  });

  it('keeps the digits of large integers written in exponent form', () => {
    expect(parseMicro(1e21)).toBe(10n ** 21n * MICRO_PER_USDT);
  });
});

describe('usdt', () => {
  it('converts whole amounts and throws on invalid ones', () => {
    expect(usdt(50)).toBe(50_000_000n);
    expect(usdt(0.5)).toBe(500_000n);
    expect(() => usdt(NaN)).toThrow(RangeError);
    expect(() => usdt(0.1 + 0.2)).toThrow(RangeError);
  });
});

describe('microToString / microToNumber', () => {
  it('prints plain decimals without trailing zeros', () => {
    expect(microToString(0n)).toBe('0');
    expect(microToString(1n)).toBe('0.000001');
    expect(microToString(12_500_000n)).toBe('12.5');
    expect(microToString(10_000_000n)).toBe('10');
    expect(microToString(123_456_789_012n)).toBe('123456.789012');
    expect(microToString(-500_000n)).toBe('-0.5');
    expect(microToString(-1n)).toBe('-0.000001');
  });

  it('gives JSON numbers that parse back to the same micro', () => {
    expect(microToNumber(12_500_000n)).toBe(12.5);
    expect(microToNumber(300_000n)).toBe(0.3);
    expect(microToNumber(-1n)).toBe(-0.000001);
    expect(microToNumber(0n)).toBe(0);
    for (const micro of [1n, 7n, 300_000n, 1_005_000n, 999_999_999n, 123_456_789_012n]) {
      expect(parseMicro(microToNumber(micro))).toBe(micro);
    }
  });

  it('gives the same number as parsing the decimal text, for any amount', () => {
    const max = BigInt(Number.MAX_SAFE_INTEGER);
    const edges = [0n, 1n, 5n, 999_999n, 1_000_000n, max - 1n, max, max + 1n, max * 1000n + 7n];
    // Deterministic pseudo-random amounts over every magnitude, both signs.
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const random = Array.from({ length: 20_000 }, () => {
      const digits = 1 + (next() % 22);
      let micro = 0n;
      for (let i = 0; i < digits; i++) micro = micro * 10n + BigInt(next() % 10);
      return next() % 2 ? -micro : micro;
    });
    for (const micro of [...edges, ...edges.map((m) => -m), ...random]) {
      expect(microToNumber(micro)).toBe(Number(microToString(micro)));
    }
  });
});

describe('percentOf', () => {
  it('takes basis points of an amount', () => {
    expect(percentOf(usdt(100), 1500)).toBe(usdt(15));
    expect(percentOf(usdt(10), 1000)).toBe(usdt(1));
    expect(percentOf(usdt(10), 0)).toBe(0n);
    expect(percentOf(usdt(10), 10_000)).toBe(usdt(10));
  });

  it('rounds down to whole micro', () => {
    // 15% of 0.000001 is 0.00000015: no fraction of a micro is invented.
    expect(percentOf(1n, 1500)).toBe(0n);
    // 15% of 10.000003 = 1.50000045 -> 1.5
    expect(percentOf(10_000_003n, 1500)).toBe(1_500_000n);
    // 2% of 0.000099 = 0.00000198 -> 0.000001
    expect(percentOf(99n, 200)).toBe(1n);
  });
});

describe('formatUsdt', () => {
  it('always shows 2 decimals', () => {
    expect(formatUsdt(0n)).toBe('0.00');
    expect(formatUsdt(usdt(50))).toBe('50.00');
    expect(formatUsdt(12_500_000n)).toBe('12.50');
    expect(formatUsdt(12.5)).toBe('12.50');
  });

  it('truncates instead of rounding up', () => {
    expect(formatUsdt(12_999_999n)).toBe('12.99');
    expect(formatUsdt(9_999n)).toBe('0.00');
    expect(formatUsdt(0.019)).toBe('0.01');
    expect(formatUsdt(8.505)).toBe('8.50');
    expect(formatUsdt(-1_239_999n)).toBe('-1.23');
  });

  it('shows float results by their value, not as zero', () => {
    expect(formatUsdt(0.1 + 0.2)).toBe('0.30');
    expect(formatUsdt(1.1 * 3)).toBe('3.30');
  });

  it('shows non-finite numbers as zero', () => {
    expect(formatUsdt(NaN)).toBe('0.00');
    expect(formatUsdt(Infinity)).toBe('0.00');
  });
});

describe('formatUsdtExact', () => {
  it('shows every decimal an amount has, at least two: rows that add up on screen', () => {
    expect(formatUsdtExact(0n)).toBe('0.00');
    expect(formatUsdtExact(usdt(12))).toBe('12.00');
    expect(formatUsdtExact(25_000n)).toBe('0.025');
    expect(formatUsdtExact(130_000n)).toBe('0.13');
    expect(formatUsdtExact(24_075_000n)).toBe('24.075');
    expect(formatUsdtExact(1n)).toBe('0.000001');
    expect(formatUsdtExact(-2_500_000n)).toBe('-2.50');
    expect(formatUsdtExact(0.13 + 0.025)).toBe('0.155');
    // 0.13 + 0.025 + 0.025 + 0.025 rows and the wallet they make agree.
    expect(formatUsdtExact(130_000n + 3n * 25_000n)).toBe('0.205');
  });
});
