import { INestApplicationContext } from '@nestjs/common';
import Redis from 'ioredis';
import { deriveTronAddress } from '@app/domain';
import { loadConfig } from '../../../src/config/config';
import { MIN_REST_MS } from '../../../src/infra/tron/node-pool';
import { TronClient, TronNodeError } from '../../../src/infra/tron/tron.client';
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

/**
 * TRON_FULL_NODE_URL with two nodes serving one chain (a provider's
 * backends), the first made to answer 429, 503, hang, lag, or not have a block
 * the second has: calls fail over, failed nodes rest (Retry-After or 5 s), the
 * request budget holds across processes, and the scanner credits every
 * deposit once without skipping a block.
 */
describe('TRON node failover', () => {
  let a: TronTestNode;
  let b: TronTestNode;
  let redis: Redis;

  beforeAll(async () => {
    a = await startTronNode(2);
    b = await startTronNode(2, a);
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis.disconnect();
    await b.close();
    await a.close();
  });
  beforeEach(async () => {
    await a.control('faults', {});
    await b.control('faults', {});
  });

  const served = async (node: TronTestNode) =>
    (await node.control<{ requests_served: number }>('info')).requests_served;

  function client(settings: Record<string, string> = {}) {
    const config = loadConfig({
      TRON_FULL_NODE_URL: `${a.url},${b.url}`,
      TRON_REQUEST_TIMEOUT_MS: '400',
      REDIS_URL: process.env.REDIS_URL,
      ...settings,
    });
    return new TronClient(config, redis);
  }

  it('takes several URLs; a bad one is refused at start', () => {
    expect(() => loadConfig({ TRON_FULL_NODE_URL: `${a.url},not a url` })).toThrow(
      /TRON_FULL_NODE_URL must be a URL, or several separated by commas/,
    );
  });

  it('429: moves on to the next node and leaves the first alone for its Retry-After', async () => {
    const tron = client();
    await a.control('faults', { status: 429, retry_after: 30 });
    const before = Date.now();
    const heads = await tron.heads();
    expect(heads.solidified).toBeGreaterThan(0);
    const [first, second] = tron.pool.status();
    expect(first.reason).toBe('HTTP 429');
    expect(first.restUntil).toBeGreaterThanOrEqual(before + 30_000);
    expect(second.restUntil).toBe(0);
    // Resting: not asked again, even once it would answer.
    await a.control('faults', {});
    const asked = await served(a);
    await tron.heads();
    await tron.usdtBalance(TEST_WALLET.hotWalletAddress);
    expect(await served(a)).toBe(asked);
  });

  it('503 and timeouts: the next node answers; the failed one rests at least 5 s', async () => {
    for (const fault of [{ status: 503 }, { hang: true }]) {
      const tron = client();
      await a.control('faults', fault);
      const before = Date.now();
      const balance = await tron.usdtBalance(TEST_WALLET.hotWalletAddress);
      expect(balance).toBeGreaterThanOrEqual(0n);
      const [first] = tron.pool.status();
      expect(first.reason).toMatch(fault.status ? /HTTP 503/ : /no answer within 400 ms/);
      expect(first.restUntil).toBeGreaterThanOrEqual(before + MIN_REST_MS);
      await a.control('faults', {});
    }
  });

  it('when every node fails, the call fails with each one’s reason (nothing is guessed)', async () => {
    const tron = client();
    await a.control('faults', { status: 503 });
    await b.control('faults', { status: 429, retry_after: 9 });
    const error = await tron.heads().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TronNodeError);
    expect((error as Error).message).toMatch(/HTTP 503/);
    expect((error as Error).message).toMatch(/HTTP 429/);
  });

  it('a node whose solidified head lags the others by more than TRON_MAX_NODE_LAG_BLOCKS is skipped', async () => {
    await a.control('blocks', { count: 30 });
    await a.control('faults', { lag: 12 });
    const lenient = client({ TRON_MAX_NODE_LAG_BLOCKS: '20' });
    const strict = client({ TRON_MAX_NODE_LAG_BLOCKS: '10' });
    const truth = (await b.control<{ solidified: number }>('info')).solidified;
    // Within the allowance the first node is still used (12 behind).
    expect((await lenient.heads()).solidified).toBe(truth - 12);
    expect((await strict.heads()).solidified).toBe(truth);
    const [first] = strict.pool.status();
    expect(first.reason).toBe('solidified head 12 blocks behind');
    expect(first.restUntil).toBeGreaterThan(Date.now());
  });

  it('a block one node says does not exist is read from the node that has it, receipts and all', async () => {
    const tron = client();
    const to = deriveTronAddress(TEST_WALLET.depositXpub, 999_001);
    const txId = await a.payUsdt(to, 5_000_000);
    const made = await a.control<{ blocks: { number: number }[] }>('blocks', { count: 3 });
    const num = made.blocks[0].number;
    await a.control('faults', { missing_blocks: [num] });
    const block = await tron.solidBlock(num);
    expect(block.receipts.map((r) => r.id)).toEqual([txId]);
    await b.control('faults', { missing_blocks: [num] });
    const tron2 = client();
    await expect(tron2.solidBlock(num)).rejects.toThrow(new RegExp(`block ${num} not found`));
  });

  it('keeps TRON_MAX_REQUESTS_PER_SECOND across processes (Redis)', async () => {
    // Two clients stand for two processes; 16 requests at 5 a second need 4 seconds' windows.
    const one = client({ TRON_MAX_REQUESTS_PER_SECOND: '5' });
    const two = client({ TRON_MAX_REQUESTS_PER_SECOND: '5' });
    const arrivals: number[] = [];
    const count = (req: { url?: string }) => {
      if (req.url?.includes('gettransactionbyid')) arrivals.push(Date.now());
    };
    a.node.server.on('request', count);
    try {
      const started = Date.now();
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          Promise.all([one, two].map((c) => c.knows(`${i}`.padStart(64, '0')))),
        ),
      );
      expect(Date.now() - started).toBeGreaterThan(2_000);
    } finally {
      a.node.server.off('request', count);
    }
    expect(arrivals).toHaveLength(16);
    // No second of wall-clock time saw more than the budget (one spare for a boundary).
    const perSecond = new Map<number, number>();
    for (const t of arrivals) {
      const s = Math.floor(t / 1000);
      perSecond.set(s, (perSecond.get(s) ?? 0) + 1);
    }
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(6);
  });
});

describe('the scanner with a misbehaving node first in line', () => {
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
      TRON_MAX_NODE_LAG_BLOCKS: '5',
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

  const cursor = async () =>
    Number((await t.db.query(`SELECT block_number FROM chain_cursors`))[0]?.block_number ?? 0);

  it('credits every deposit once, whatever the first node answers, and never skips a block', async () => {
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await member(t));
    const faults: Record<string, unknown>[] = [
      { status: 429, retry_after: 1 },
      { hang: true },
      { lag: 40 },
      { status: 503 },
    ];
    for (const [i, m] of members.entries()) {
      const address = deriveTronAddress(TEST_WALLET.depositXpub, m.id);
      await a.payUsdt(address, BigInt(i + 1) * 1_000_000n);
      const made = await a.control<{ blocks: { number: number }[] }>('blocks', { count: 1 });
      const num = made.blocks[0].number;
      // The first node does not have the block with the deposit, and misbehaves besides.
      await a.control('faults', { ...faults[i], missing_blocks: [num] });
      await a.control('blocks', { count: 3 });
      expect(
        await eventually(async () => ((await me(t, m)).money === i + 1 ? true : undefined), 20_000),
      ).toBe(true);
      expect(await cursor()).toBeGreaterThanOrEqual(num);
    }
    // The same deposits again, later: credited once each.
    await a.control('faults', {});
    await a.control('blocks', { count: 5 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const [i, m] of members.entries()) expect((await me(t, m)).money).toBe(i + 1);
  }, 120_000);
});
