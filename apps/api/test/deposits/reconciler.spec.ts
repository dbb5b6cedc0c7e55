import { INestApplicationContext } from '@nestjs/common';
import { TestApp, expectLedgerSound, member, operator, startApp } from '../support/harness';
import { TronTestNode, startTronNode, startWorker, tronSettings } from '../support/tron';
import { eventually } from '../support/eventually';

const USDT = 1_000_000n;

/**
 * The independent reconciler (issue 43): the node's TRC-20 history of each
 * deposit address against what was credited and swept. A deposit record
 * lost after its credit (the scanner's row deleted) is found and opened as
 * an operator item; the node's history, not the scanner's rows, is the truth.
 */
describe('the reconciler holds deposit addresses’ chain history against the books', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;

  beforeAll(async () => {
    tron = await startTronNode();
    const settings = {
      ...tronSettings(tron),
      DEPOSIT_RECONCILE_INTERVAL_MS: '300',
      DEPOSIT_RECONCILE_ADDRESSES: '0',
    };
    t = await startApp(settings);
    await t.db.query(`DELETE FROM chain_cursors`);
    await t.db.query(`DELETE FROM deposit_activity`);
    await t.db.query(
      `UPDATE deposit_gaps SET status = 'closed', closed_at = now() WHERE status = 'open'`,
    );
    worker = await startWorker(settings);
    admin = await operator(t);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await tron.close();
  });

  const gapsOf = async (address: string) =>
    (
      (await t.http().get('/admin/deposits/gaps?status=open').set(admin).expect(200)).body as {
        id: number;
        address: string;
        chain_in: number;
        credited: number;
        status: string;
      }[]
    ).filter((g) => g.address === address);

  it('the node answers TronGrid’s TRC-20 history of an address', async () => {
    const m = await member(t);
    const address = (await t.http().get('/deposit/address').set(m.auth)).body.address as string;
    const txId = await tron.payUsdt(address, 7n * USDT);
    await tron.solidify();
    const res = await fetch(
      `${tron.url}/v1/accounts/${address}/transactions/trc20?only_confirmed=true&contract_address=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`,
    );
    const body = (await res.json()) as { data: Record<string, unknown>[]; success: boolean };
    expect(body.success).toBe(true);
    expect(body.data).toEqual([
      expect.objectContaining({
        transaction_id: txId,
        to: address,
        value: '7000000',
        type: 'Transfer',
        token_info: expect.objectContaining({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }),
      }),
    ]);
  });

  it('finds a deposit whose record was deleted after its credit, and opens an item for it', async () => {
    const m = await member(t);
    const address = (await t.http().get('/deposit/address').set(m.auth)).body.address as string;
    await tron.payUsdt(address, 25n * USDT);
    await tron.solidify();
    await eventually(async () => {
      const rows = await t.db.query(`SELECT 1 FROM chain_deposits WHERE user_id = $1`, [m.id]);
      return rows.length === 1 ? true : undefined;
    });
    // Books and chain agree: the reconciler's runs open nothing for it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await gapsOf(address)).toEqual([]);

    // The scanner's row goes (a bad restore, a hand in the database); the activity too, so only
    // the rolling pass can find it, as it would a deposit the scanner never saw.
    await t.db.query(`DELETE FROM chain_deposits WHERE user_id = $1`, [m.id]);
    await t.db.query(`DELETE FROM deposit_activity WHERE address = $1`, [address]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await gapsOf(address)).toEqual([]);
    // The rolling pass reaches this member next.
    await t.db.query(
      `INSERT INTO chain_cursors (name, block_number) VALUES ('reconcile-addresses', $1)
       ON CONFLICT (name) DO UPDATE SET block_number = $1`,
      [m.id - 1],
    );
    await worker.close();
    worker = await startWorker({
      ...tronSettings(tron),
      DEPOSIT_RECONCILE_INTERVAL_MS: '300',
      DEPOSIT_RECONCILE_ADDRESSES: '5',
    });
    const [gap] = await eventually(async () => {
      const gaps = await gapsOf(address);
      return gaps.length > 0 ? gaps : undefined;
    });
    expect(gap).toMatchObject({ user_id: m.id, chain_in: 25, credited: 0, status: 'open' });
  });

  it('brings an item up to date on new activity, and closes its item once the books agree again', async () => {
    const m = await member(t);
    const address = (await t.http().get('/deposit/address').set(m.auth)).body.address as string;
    await tron.payUsdt(address, 4n * USDT);
    await tron.solidify();
    await eventually(async () => {
      const rows = await t.db.query(`SELECT 1 FROM chain_deposits WHERE user_id = $1`, [m.id]);
      return rows.length === 1 ? true : undefined;
    });
    const saved = await t.db.query(`SELECT * FROM chain_deposits WHERE user_id = $1`, [m.id]);
    await t.db.query(`DELETE FROM chain_deposits WHERE user_id = $1`, [m.id]);
    // A second deposit is activity: the address is looked at on the next run.
    await tron.payUsdt(address, 1n * USDT);
    await tron.solidify();
    const [gap] = await eventually(async () => {
      const gaps = await gapsOf(address);
      return gaps[0]?.chain_in === 5 ? gaps : undefined;
    });
    expect(gap).toMatchObject({ chain_in: 5, credited: 1 });
    // The record comes back: the item closes on the next look.
    const row = saved[0];
    await t.db.query(
      `INSERT INTO chain_deposits (tx_id, log_index, user_id, from_address, amount_micro, block_number, block_time, source, ledger_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        row.tx_id,
        row.log_index,
        row.user_id,
        row.from_address,
        row.amount_micro,
        row.block_number,
        row.block_time,
        row.source,
        row.ledger_transaction_id,
      ],
    );
    await t.db.query(
      `INSERT INTO deposit_activity (address, user_id, block_number) VALUES ($1, $2, 0)
       ON CONFLICT (address) DO NOTHING`,
      [address, m.id],
    );
    await eventually(async () => ((await gapsOf(address)).length === 0 ? true : undefined));
    await expectLedgerSound(t, admin);
  });

  it('keeps an item an operator resolved closed, and opens a new one for a further difference', async () => {
    const m = await member(t);
    const address = (await t.http().get('/deposit/address').set(m.auth)).body.address as string;
    const credited = async (count: number) =>
      eventually(async () => {
        const rows = await t.db.query(`SELECT 1 FROM chain_deposits WHERE user_id = $1`, [m.id]);
        return rows.length === count ? true : undefined;
      });
    // The reconciler looks at the address on its next run; once the activity is gone, that run is over.
    // A run already under way (on the scanner's own activity) may have read the books before the
    // test changed them: it is waited out first, so the look counted is one that began after.
    const activityGone = () =>
      eventually(async () => {
        const rows = await t.db.query(`SELECT 1 FROM deposit_activity WHERE address = $1`, [
          address,
        ]);
        return rows.length === 0 ? true : undefined;
      });
    const lookedAt = async () => {
      await activityGone();
      await t.db.query(
        `INSERT INTO deposit_activity (address, user_id, block_number) VALUES ($1, $2, 0)
         ON CONFLICT (address) DO NOTHING`,
        [address, m.id],
      );
      await activityGone();
    };
    await tron.payUsdt(address, 6n * USDT);
    await tron.solidify();
    await credited(1);
    await t.db.query(`DELETE FROM chain_deposits WHERE user_id = $1`, [m.id]);
    await lookedAt();
    const [gap] = await gapsOf(address);
    expect(gap).toMatchObject({ chain_in: 6, credited: 0 });

    // Settled outside the deposit books (say, credited by an adjustment): the operator resolves it.
    await t
      .http()
      .post(`/admin/deposits/gaps/${gap.id}/resolve`)
      .set(admin)
      .send({ note: 'Credited by adjustment' })
      .expect(200);
    await lookedAt();
    await lookedAt();
    expect(await gapsOf(address)).toEqual([]);
    // A later deposit credited as usual leaves the accepted difference as it was: nothing opens.
    await tron.payUsdt(address, 2n * USDT);
    await tron.solidify();
    await credited(1);
    await lookedAt();
    expect(await gapsOf(address)).toEqual([]);
    // A further difference opens a new item, with the figures as they are.
    await t.db.query(`DELETE FROM chain_deposits WHERE user_id = $1`, [m.id]);
    await lookedAt();
    const [next] = await gapsOf(address);
    expect(next).toMatchObject({ chain_in: 8, credited: 0, status: 'open' });
    expect(next.id).not.toBe(gap.id);
  });
});
