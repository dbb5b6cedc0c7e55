import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayMonthYear, formatNumber } from './format-date';

const AT = '2026-11-25T14:05:00Z';

describe('formatDateTime', () => {
  it('writes Uzbek dates with Uzbek month names, not "2026 M11 25"', () => {
    expect(formatDateTime(AT, 'uz', 'UTC')).toBe('25-noyabr, 2026, 14:05');
    expect(formatDateTime('2026-01-05T09:00:00Z', 'uz', 'UTC')).toBe('5-yanvar, 2026, 09:00');
    expect(formatDateTime('2026-05-31T23:59:00Z', 'uz-Latn-UZ', 'UTC')).toBe('31-may, 2026, 23:59');
    // Every month by its own name.
    const months = Array.from({ length: 12 }, (_, m) =>
      formatDateTime(new Date(Date.UTC(2026, m, 1, 12)).toISOString(), 'uz', 'UTC'),
    ).map((text) => text.split(',')[0].split('-')[1]);
    expect(months).toEqual([
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
    ]);
    expect(formatDateTime(AT, 'uz', 'UTC')).not.toMatch(/M\d/);
  });

  it('writes Russian and English dates as Intl does', () => {
    expect(formatDateTime(AT, 'ru', 'UTC')).toMatch(/^25 нояб\. 2026 г\., 14:05$/);
    expect(formatDateTime(AT, 'en', 'UTC')).toMatch(/^Nov 25, 2026, 2:05\sPM$/);
  });

  it('keeps what is not a date as it came', () => {
    for (const language of ['ru', 'en', 'uz']) {
      expect(formatDateTime('not a date', language)).toBe('not a date');
    }
  });

  it('uses local time by default', () => {
    const local = new Date(AT);
    expect(formatDateTime(AT, 'uz')).toBe(
      `${local.getDate()}-noyabr, 2026, ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`,
    );
  });
});

describe('formatNumber', () => {
  it('groups thousands with a no-break space and writes a decimal comma in Uzbek and Russian', () => {
    expect(formatNumber(1234567.5, 'uz')).toBe('1\u00a0234\u00a0567,5');
    expect(formatNumber(0.25, 'uz', { minimumFractionDigits: 2 })).toBe('0,25');
    expect(formatNumber(-1000, 'uz')).toBe('-1\u00a0000');
    expect(formatNumber(1234567.5, 'ru').replace(/\s/g, ' ')).toBe('1 234 567,5');
  });

  it('writes English numbers with commas and a decimal point', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(2, 'en', { minimumFractionDigits: 2 })).toBe('2.00');
  });

  it('leaves what is not a finite number as text', () => {
    expect(formatNumber(Number.NaN, 'uz')).toBe('NaN');
  });
});

describe('formatDayMonthYear', () => {
  it('is the same in every language: dd/mm/yyyy', () => {
    const local = new Date(2026, 10, 5, 12);
    expect(formatDayMonthYear(local.toISOString())).toBe('05/11/2026');
  });
});
