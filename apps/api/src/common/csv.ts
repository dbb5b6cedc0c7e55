import { Readable } from 'node:stream';

/**
 * The one money unit of every CSV export: USDT with exactly 6 decimals
 * ("55.160000"), exact (numeric, never a float), from a micro-USDT column.
 * A spreadsheet reads it as a number; the fixed scale keeps columns comparable.
 */
export const CSV_USDT = (microColumn: string) =>
  `(${microColumn}::numeric / 1000000)::numeric(30, 6)`;

/** One CSV field: quoted when it holds a comma, quote or line break; formulas defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  // A spreadsheet would run a cell starting with = + - @ as a formula (CSV injection).
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document streamed from batches of rows (keyset pages from the
 * database): memory stays one batch however long the period. A byte stream
 * with a small buffer, pulled by its reader: the next page is fetched only
 * when the socket has taken the last one (a slow reader holds the export,
 * not the API's memory). As an object stream it would read 16 pages ahead.
 */
export function csvStream(
  columns: string[],
  batches: AsyncIterable<Record<string, unknown>[]>,
): Readable {
  async function* lines() {
    yield `${columns.join(',')}\r\n`;
    for await (const rows of batches) {
      if (rows.length)
        yield rows.map((row) => columns.map((c) => csvField(row[c])).join(',') + '\r\n').join('');
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}

/** Keyset pages: `fetch(afterId)` returns the next rows ordered by id, [] at the end. */
export async function* pages<T extends { id: number | string }>(
  fetch: (afterId: number) => Promise<T[]>,
): AsyncIterable<T[]> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length === 0) return;
    yield rows;
    after = Number(rows[rows.length - 1].id);
  }
}
