/**
 * Money is integer micro-USDT (1 USDT = 1,000,000 micro) everywhere in the
 * domain and the database. JSON carries plain numbers with at most 6 decimals;
 * these helpers are the only place where the two meet.
 */
export const MICRO_PER_USDT = 1_000_000n;
export const USDT_DECIMALS = 6;

export type Micro = bigint;

/** Largest amount accepted anywhere: 1e9 USDT, far inside bigint and JSON number precision. */
export const MAX_AMOUNT_MICRO: Micro = 1_000_000_000n * 1_000_000n;

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d{1,6}))?$/;

/**
 * Parses a decimal amount (number or string) into micro-USDT without ever going
 * through floating-point arithmetic. Returns null for anything that is not a
 * finite decimal with at most 6 fractional digits.
 */
export function parseMicro(value: unknown): Micro | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Shortest round-trip representation; exponent forms are rejected below
    // unless they are small integers expressed plainly.
    text = numberToPlainString(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const m = DECIMAL_RE.exec(text);
  if (!m) return null;
  const [, sign, whole, frac = ''] = m;
  const micro = BigInt(whole) * MICRO_PER_USDT + BigInt(frac.padEnd(USDT_DECIMALS, '0'));
  return sign ? -micro : micro;
}

function numberToPlainString(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  // Values like 1e-7 have more than 6 decimals: refuse them by returning a
  // string the decimal pattern rejects. Large integers keep their digits.
  if (Math.abs(n) >= 1 && Number.isInteger(n)) return BigInt(n).toString();
  return 'invalid';
}

const EXACT_MICRO = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * micro-USDT to a JSON number: the double nearest the decimal amount, exact
 * in its 6 decimals for every amount below 2^53 micro. There, the micro and
 * 10^6 are exact doubles and IEEE division rounds the true quotient to the
 * nearest double, which is what parsing the decimal text gives, without the
 * text (a tenth of the cost; every money figure of every answer comes
 * through here). Larger amounts go through the text.
 */
export function microToNumber(micro: Micro): number {
  if (micro <= EXACT_MICRO && micro >= -EXACT_MICRO) return Number(micro) / 1e6;
  return Number(microToString(micro));
}

/** micro-USDT to a plain decimal string without trailing zeros ("12.5"). */
export function microToString(micro: Micro): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO_PER_USDT;
  const frac = (abs % MICRO_PER_USDT).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? '.' + frac : ''}`;
}

/** Whole USDT to micro-USDT. */
export function usdt(amount: number): Micro {
  const micro = parseMicro(amount);
  if (micro === null) throw new RangeError(`not a USDT amount: ${amount}`);
  return micro;
}

/** Rounds down to whole micro: the fee rule never invents a fraction of a micro. */
export function percentOf(amount: Micro, basisPoints: number): Micro {
  return (amount * BigInt(basisPoints)) / 10_000n;
}

/** Display helper: always 2 decimals, truncated, never rounded up. */
export function formatUsdt(micro: Micro | number): string {
  const m = typeof micro === 'number' ? numberToMicroForDisplay(micro) : micro;
  const negative = m < 0n;
  const abs = negative ? -m : m;
  const cents = abs / 10_000n;
  const whole = cents / 100n;
  const frac = (cents % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/**
 * Display helper for amounts that must add up on screen (statement rows,
 * balances, records): every decimal the amount has, at least 2 and at most
 * 6 (micro-USDT), never rounded: 0.025 stays 0.025, 12 reads 12.00.
 */
export function formatUsdtExact(micro: Micro | number): string {
  const m = typeof micro === 'number' ? numberToMicroForDisplay(micro) : micro;
  const negative = m < 0n;
  const abs = negative ? -m : m;
  const whole = abs / 1_000_000n;
  const frac = (abs % 1_000_000n)
    .toString()
    .padStart(USDT_DECIMALS, '0')
    .replace(/0{1,4}$/, '');
  return `${negative ? '-' : ''}${whole}.${frac.padEnd(2, '0')}`;
}

/**
 * A float result such as 0.1 + 0.2 has more than 6 decimals; parseMicro
 * refuses it, but a display must not turn it into 0.00: round to whole micro.
 */
function numberToMicroForDisplay(n: number): Micro {
  if (!Number.isFinite(n)) return 0n;
  return parseMicro(n) ?? parseMicro(n.toFixed(USDT_DECIMALS)) ?? 0n;
}
