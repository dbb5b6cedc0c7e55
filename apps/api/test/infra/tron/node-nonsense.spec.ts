import { INestApplicationContext } from '@nestjs/common';
import { deriveTronAddress } from '@app/domain';
import { loadConfig } from '../../../src/config/config';
import { MIN_REST_MS } from '../../../src/infra/tron/node-pool';
import { TronClient } from '../../../src/infra/tron/tron.client';
import { useTestEnv } from '../../support/env';
import { eventually } from '../../support/eventually';
import { TestApp, expectLedgerSound, me, member, operator, startApp } from '../../support/harness';
import {
  TEST_WALLET,
  TronTestNode,
  startTronNode,
  startWorker,
  tronSettings,
} from '../../support/tron';

useTestEnv();

/** Block queries: what a scanner asks a node every tick. */
const BLOCK_PATHS = [
  '/wallet/getnowblock',
  '/walletsolidity/getnowblock',
  '/walletsolidity/getblockbynum',
  '/walletsolidity/gettransactioninfobyblocknum',
];

/**
 * A node that answers nonsense (`{}`, an HTML page, a block whose number is a
 * string) is a failed node like a 503 (issue 43, point 5): it rests and the
 * next node is asked, so deposits keep being credited.
 */
describe('a TRON node answering nonsense', () => {
  let a: TronTestNode;
  let b: TronTestNode;

  beforeAll(async () => {
    a = await startTronNode(2);
    b = await startTronNode(2, a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const client = () =>
    new TronClient(
      loadConfig({ TRON_FULL_NODE_URL: `${a.url},${b.url}`, TRON_REQUEST_TIMEOUT_MS: '400' }),
    );

  it.each(['empty', 'not_json', 'wrong_types'])(
    'answer %s to block queries: the next node answers, the first rests',
    async (answer) => {
      await a.control('faults', { answer, paths: BLOCK_PATHS });
      try {
        const tron = client();
        const before = Date.now();
        const truth = (await b.control<{ head: number; solidified: number }>('info')).solidified;
        const heads = await tron.heads();
        expect(heads.solidified).toBe(truth);
        const [first, second] = tron.pool.status();
        expect(first.reason).toMatch(/getnowblock/);
        expect(first.restUntil).toBeGreaterThanOrEqual(before + MIN_REST_MS);
        expect(second.restUntil).toBe(0);
        // A block read goes to the second node too, receipts and all.
        const block = await tron.solidBlock(truth);
        expect(Array.isArray(block.receipts)).toBe(true);
      } finally {
        await a.control('faults', {});
      }
    },
  );
});

describe('the scanner with a first node answering {} to block queries', () => {
  let a: TronTestNode;
  let b: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;

  beforeAll(async () => {
    a = await startTronNode(2);
    b = await startTronNode(2, a);
    const settings = {
      ...tronSettings(a),
      TRON_FULL_NODE_URL: `${a.url},${b.url}`,
      TRON_REQUEST_TIMEOUT_MS: '300',
    };
    t = await startApp(settings);
    await t.db.query(`DELETE FROM chain_cursors`);
    worker = await startWorker(settings);
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await worker.close();
    await t.close();
    await b.close();
    await a.close();
  });

  it('credits a deposit within seconds from the second node', async () => {
    const m = await member(t);
    // Let the scanner start its cursor while both nodes are sound.
    await a.control('blocks', { count: 3 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await a.control('faults', { answer: 'empty', paths: BLOCK_PATHS });
    await a.payUsdt(deriveTronAddress(TEST_WALLET.depositXpub, m.id), 7_000_000);
    await a.control('blocks', { count: 4 });
    const started = Date.now();
    expect(
      await eventually(async () => ((await me(t, m)).money === 7 ? true : undefined), 15_000),
    ).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
    // Still answering {}: another deposit later is credited too, once.
    await a.payUsdt(deriveTronAddress(TEST_WALLET.depositXpub, m.id), 1_000_000);
    await a.control('blocks', { count: 4 });
    expect(
      await eventually(async () => ((await me(t, m)).money === 8 ? true : undefined), 15_000),
    ).toBe(true);
    await a.control('faults', {});
  }, 60_000);
});
