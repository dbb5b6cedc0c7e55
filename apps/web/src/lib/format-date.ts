/**
 * Dates and numbers in the reader's language. Russian and English come from
 * Intl; Uzbek is written out here, because browsers' Intl has too little
 * Uzbek data (Chromium reads a date as "2026 M11 25"): Uzbek Latin writes
 * "25-noyabr, 2026, 14:05" and "1 234,5" (docs/decisions.md, "Uzbek dates
 * and numbers").
 */

const UZ_MONTHS = [
  'yanvar',
  'fevral',
  'mart',
  'aprel',
  'may',
  'iyun',
  'iyul',
  'avgust',
  'sentabr',
  'oktabr',
  'noyabr',
  'dekabr',
];

const isUzbek = (language: string) => language === 'uz' || language.startsWith('uz-');

/** No-break space: a thousands group and its number stay on one line. */
const GROUP = '\u00a0';

/** Dates in the reader's language, day and time (messages, records, audit), in local time. */
export function formatDateTime(iso: string, language: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (isUzbek(language)) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone,
      })
        .formatToParts(date)
        .map((part) => [part.type, part.value]),
    );
    const month = UZ_MONTHS[Number(parts.month) - 1];
    return `${Number(parts.day)}-${month}, ${parts.year}, ${parts.hour}:${parts.minute}`;
  }
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/**
 * A number in the reader's language: Uzbek and Russian group thousands with
 * a no-break space and write a decimal comma, English "1,234.5".
 */
export function formatNumber(
  value: number,
  language: string,
  options: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): string {
  if (!Number.isFinite(value)) return String(value);
  if (isUzbek(language)) {
    // en-US digits and separators, then the Uzbek ones (no locale data needed).
    return new Intl.NumberFormat('en-US', options)
      .format(value)
      .replace(/[,.]/g, (c) => (c === ',' ? GROUP : ','));
  }
  return new Intl.NumberFormat(language, options).format(value);
}

/**
 * Day/month/year with two-digit day and month (spec section 4, membership
 * expiry), in local time: the same order in every language.
 */
export function formatDayMonthYear(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = String(date.getDate()).padStart(2, '0');
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getFullYear()}`;
}
