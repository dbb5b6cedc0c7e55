import { INestApplicationContext } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { deriveTronAddress } from '@app/domain';
import { TestApp, adjust, expectLedgerSound, me, member, setLevel } from '../support/harness';
import {
  TEST_WALLET,
  TronTestNode,
  fundHotWallet,
  keepMakingBlocks,
  startOnChain,
  startTronNode,
  tronSettings,
} from '../support/tron';
import { eventually } from '../support/eventually';

const USDT = 1_000_000n;
const wallet = (seed: string) => TronWeb.address.fromPrivateKey(seed.repeat(64)) as string;

/**
 * Screened payouts (issue 43, point 4): the USDT contract's isBlackListed is
 * read for the destination at request time (400 ADDRESS_BLACKLISTED; a node
 * away does not block the request) and again before the worker signs (the
 * withdrawal ends refunded with the reason, the money back, nothing signed).
 */
describe('screened payouts: blacklisted destinations, look-alike addresses', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;
  let blocks: NodeJS.Timeout;

  beforeAll(async () => {
    tron = await startTronNode();
    const settings = {
      ...tronSettings(tron),
      TRON_SETTLE_INTERVAL_MS: '100',
      TRON_REQUEST_TIMEOUT_MS: '1000',
    };
    ({ t, admin, worker } = await startOnChain(settings));
    await fundHotWallet(tron, { usdt: 500n * USDT, trx: 1000n * USDT, energy: 10_000_000 });
    await tron.solidify();
    blocks = keepMakingBlocks(tron);
  });
  afterAll(async () => {
    clearInterval(blocks);
    await tron.control('faults', {});
    await expectLedgerSound(t, admin);
    await worker.close();
    await t.close();
    await tron.close();
  });

  async function funded(money: number) {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, money);
    return m;
  }
  const take = (m: { auth: Record<string, string> }, body: object) =>
    t.http().post('/balance/take').set(m.auth).send(body);
  const withdrawalOf = async (recordId: number) => {
    const [row] = await t.db.query(
      `SELECT id, status, reason, tx_id FROM withdrawals WHERE record_id = $1`,
      [recordId],
    );
    return row as { id: string; status: string; reason: string | null; tx_id: string | null };
  };

  it('refuses a blacklisted wallet at request: 400 ADDRESS_BLACKLISTED, nothing held', async () => {
    const listed = wallet('2');
    await tron.control('usdt/blacklist', { address: listed });
    const m = await funded(40);
    const res = await take(m, { wallet: listed, amount: 20 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'ADDRESS_BLACKLISTED' });
    expect((await me(t, m)).money).toBe(40);
    // This member's: other spec files send to the same test wallet in the same database.
    const rows = await t.db.query(`SELECT id FROM withdrawals WHERE wallet = $1 AND user_id = $2`, [
      listed,
      m.id,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('blacklisted after the request: refused before signing, the money back, nothing sent', async () => {
    const to = wallet('3');
    const m = await funded(40);
    const res = await take(m, { wallet: to, amount: 20 });
    expect(res.status).toBe(200);
    expect((await me(t, m)).money).toBe(20);
    const w = await withdrawalOf(res.body.id);
    await tron.control('usdt/blacklist', { address: to });
    await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
    const done = await eventually(async () => {
      const row = await withdrawalOf(res.body.id);
      return row.status === 'refunded' ? row : undefined;
    }, 15_000);
    expect(done.reason).toMatch(/^ADDRESS_BLACKLISTED/);
    expect(done.tx_id).toBeNull();
    expect((await me(t, m)).money).toBe(40);
    const attempts = await t.db.query(
      `SELECT id FROM withdrawal_attempts WHERE withdrawal_id = $1`,
      [w.id],
    );
    expect(attempts).toHaveLength(0);
    const [record] = (await t.http().get('/balance?add=false').set(m.auth)).body;
    expect(record).toMatchObject({ id: res.body.id, status: 'fail' });
    // One ledger transaction gave it back.
    const refunds = await t.db.query(
      `SELECT id FROM ledger_transactions WHERE idempotency_key = $1`,
      [`withdrawal:${w.id}:refund`],
    );
    expect(refunds).toHaveLength(1);
  });

  it('flags an address-book entry that looks like an address that sent a member a transfer', async () => {
    // SENDER pays a member for real (its key is '6' × 64); LOOKALIKE shares its first and last
    // four characters (found by search, a valid address nobody holds the key of).
    const SENDER = 'TVwvLcXD1WTK2gegh7tZ5Fxocfo8GttHgL';
    const LOOKALIKE = 'TVwvLcXD1WTK2gegh7tZ5FxSN4sLrGtHgL';
    expect(wallet('6')).toBe(SENDER);
    const m = await funded(1);
    await tron.control('account', { address: SENDER, trx: String(100n * USDT), energy: 1_000_000 });
    await tron.payUsdt(SENDER, 50n * USDT);
    await tron.solidify();
    await tron.control('usdt/transfer', {
      to: deriveTronAddress(TEST_WALLET.depositXpub, m.id),
      amount: String(25n * USDT),
      from_private_key: '6'.repeat(64),
    });
    await eventually(async () => ((await me(t, m)).money === 26 ? true : undefined), 15_000);
    const save = (who: { auth: Record<string, string> }, address: string) =>
      t.http().post('/withdrawal_addresses').set(who.auth).send({ address, label: 'x' });
    const saved = await save(m, LOOKALIKE);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([
      expect.objectContaining({ address: LOOKALIKE, lookalike_of: SENDER }),
    ]);
    // Another member: the address sent the club a transfer, so it is flagged for them too.
    const other = await member(t);
    const theirs = await save(other, LOOKALIKE);
    expect(theirs.body[0]).toMatchObject({ address: LOOKALIKE, lookalike_of: SENDER });
    // The sender itself and an unrelated address are not flagged.
    const plain = await member(t);
    const list = (await save(plain, SENDER)).body as { address: string; lookalike_of: unknown }[];
    expect(list[0]).toMatchObject({ address: SENDER, lookalike_of: null });
    const unrelated = await save(plain, wallet('7'));
    expect(
      unrelated.body.find((e: { address: string }) => e.address === wallet('7')),
    ).toMatchObject({ lookalike_of: null });
    const book = await t.http().get('/withdrawal_addresses').set(m.auth).expect(200);
    expect(book.body[0].lookalike_of).toBe(SENDER);
  }, 40_000);

  it('a node away at request time does not block it (the send-time check decides)', async () => {
    const m = await funded(40);
    await tron.control('faults', { hang: true, paths: ['/wallet/triggerconstantcontract'] });
    try {
      const started = Date.now();
      const res = await take(m, { wallet: wallet('4'), amount: 20 });
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await tron.control('faults', {});
    }
  });
});
