import { request as httpRequest, type IncomingMessage } from 'node:http';
import { separateDatabase } from '../support/database';
import { TestApp, operator, startApp } from '../support/harness';
import { WalletService } from '../../src/modules/wallet/wallet.service';

/**
 * A CSV export to a slow reader (issue 27: records.csv grew the API's memory
 * by 158 MB over a 78 MB export): the API fetches the next page only when the
 * socket has taken the last one, so a reader that stops holds the export,
 * not pages in the API's memory. Over a real socket, with 200 pages of records.
 */
describe('exports honour a slow reader', () => {
  const ROWS = 200_000; // 200 pages of 1,000, about 25 MB of CSV
  let t: TestApp;
  let url: string;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await startApp({ DATABASE_URL: await separateDatabase('export_backpressure') });
    admin = await operator(t);
    const [{ id }] = await t.db.query(`SELECT id FROM users WHERE role = 'admin' LIMIT 1`);
    await t.db.query(
      `INSERT INTO balance_records (user_id, type, is_add, amount_micro, status, wallet, reason)
       SELECT $1, 'adjustment', true, 1000000 + g, 'success', 'TBackPressureWallet' || g, 'slow reader'
       FROM generate_series(1, $2) g`,
      [id, ROWS],
    );
    await t.app.listen(0, '127.0.0.1');
    url = await t.app.getUrl();
  }, 120_000);
  afterAll(() => t.close(), 30_000);

  it('fetches pages as the reader takes them, and the whole export arrives', async () => {
    const pages = jest.spyOn(t.app.get(WalletService), 'exportPage');
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${url}/admin/exports/records.csv`, { headers: admin }, resolve)
        .on('error', reject)
        .end(),
    );
    expect(res.statusCode).toBe(200);
    // The reader stops: once the kernel's socket buffers (a few MB) are full, the API stops
    // fetching. Settled when no page came for 2 s; without back-pressure it would read all 200.
    res.pause();
    let whilePaused = -1;
    try {
      for (let stable = 0; stable < 4;) {
        await new Promise((r) => setTimeout(r, 500));
        const now = pages.mock.calls.length;
        stable = now === whilePaused ? stable + 1 : 0;
        whilePaused = now;
        if (now > ROWS / 1000) break;
      }
      expect(whilePaused).toBeLessThan(60);
    } catch (error) {
      res.destroy();
      throw error;
    }

    // Read on: every record arrives, each page fetched once.
    let lines = 0;
    let tail = '';
    for await (const chunk of res) {
      const text = tail + String(chunk);
      const parts = text.split('\r\n');
      tail = parts.pop()!;
      lines += parts.length;
    }
    expect(lines).toBe(ROWS + 1);
    expect(pages.mock.calls.length).toBe(ROWS / 1000 + 1);
  }, 120_000);
});
