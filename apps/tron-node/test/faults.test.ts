import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOptions, TronNode } from '../src';
import { Harness, startNode } from './harness';

/**
 * /_stub/faults: one node of a provider's pool refusing (429 with
 * Retry-After, 503), hanging, lagging or not having a block the other has.
 * Two nodes serve one chain here, as a load balancer's backends do.
 */

let a: Harness;
let b: TronNode;
let bUrl: string;
beforeAll(async () => {
  a = await startNode({ solidLag: 1 });
  b = new TronNode(loadOptions({}, { port: 0, blockIntervalMs: 0 }), a.node.chain);
  bUrl = await b.listen();
});
beforeEach(async () => {
  await a.control('reset');
  await post(bUrl, '/_stub/faults', {});
});
afterAll(async () => {
  await b.close();
  await a.close();
});

function post(url: string, path: string, body: Record<string, unknown> = {}) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function json(url: string, path: string, body: Record<string, unknown> = {}) {
  const res = await post(url, path, body);
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

describe('faults', () => {
  it('two nodes on one chain see the same blocks', async () => {
    await a.control('blocks', { count: 3 });
    const fromA = await json(a.url, '/wallet/getnowblock');
    const fromB = await json(bUrl, '/wallet/getnowblock');
    expect(fromB.blockID).toBe(fromA.blockID);
  });

  it('429 with Retry-After, for `count` requests only, then normal answers', async () => {
    const set = await json(bUrl, '/_stub/faults', { status: 429, retry_after: 7, count: 2 });
    expect(set).toEqual({ status: 429, retry_after: 7, count: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await post(bUrl, '/wallet/getnowblock');
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      await res.text();
    }
    expect((await post(bUrl, '/wallet/getnowblock')).status).toBe(200);
    // A new body replaces the faults; {} clears them.
    await json(bUrl, '/_stub/faults', { status: 503 });
    expect((await post(bUrl, '/wallet/getnowblock')).status).toBe(503);
    expect(await json(bUrl, '/_stub/faults', {})).toEqual({});
    expect((await post(bUrl, '/wallet/getnowblock')).status).toBe(200);
    // Controls are never refused.
    expect((await post(bUrl, '/_stub/info')).status).toBe(200);
  });

  it('503 on some paths only; tronweb sees the failure', async () => {
    await json(bUrl, '/_stub/faults', { status: 503, paths: ['/walletsolidity/'] });
    expect((await post(bUrl, '/wallet/getnowblock')).status).toBe(200);
    expect((await post(bUrl, '/walletsolidity/getnowblock')).status).toBe(503);
    const tw = new TronWeb({ fullHost: bUrl });
    await expect(tw.trx.getConfirmedCurrentBlock()).rejects.toBeTruthy();
  });

  it('hang: requests are never answered until the fault is cleared', async () => {
    await json(bUrl, '/_stub/faults', { hang: true });
    const tw = new TronWeb({
      fullNode: new (await import('tronweb')).providers.HttpProvider(bUrl, 300),
      solidityNode: bUrl,
    });
    await expect(tw.trx.getCurrentBlock()).rejects.toThrow(/timeout/i);
    await json(bUrl, '/_stub/faults', {});
    expect((await json(bUrl, '/wallet/getnowblock')).blockID).toBeTruthy();
  });

  it('lag: the solidity endpoints of one node stay that many blocks behind', async () => {
    await a.control('blocks', { count: 10 });
    await json(bUrl, '/_stub/faults', { lag: 5 });
    const solidA = await json(a.url, '/walletsolidity/getnowblock');
    const solidB = await json(bUrl, '/walletsolidity/getnowblock');
    const n = solidA.block_header.raw_data.number;
    expect(solidB.block_header.raw_data.number).toBe(n - 5);
    expect(await json(bUrl, '/walletsolidity/getblockbynum', { num: n })).toEqual({});
    expect(await json(bUrl, '/walletsolidity/gettransactioninfobyblocknum', { num: n })).toEqual(
      [],
    );
    // The full node view is not held back.
    expect((await json(bUrl, '/wallet/getnowblock')).blockID).toBe(
      (await json(a.url, '/wallet/getnowblock')).blockID,
    );
  });

  it('missing_blocks: a block the other node has is "not found" here, on both views', async () => {
    const { to } = { to: (await new TronWeb({ fullHost: a.url }).createAccount()).address.base58 };
    await a.control('usdt/transfer', { to, amount: 5 });
    const made = await a.control('blocks', { count: 3 });
    const num = made.blocks[0].number;
    await json(bUrl, '/_stub/faults', { missing_blocks: [num] });
    expect(
      (await json(a.url, '/walletsolidity/gettransactioninfobyblocknum', { num })).length,
    ).toBe(1);
    expect(await json(bUrl, '/walletsolidity/gettransactioninfobyblocknum', { num })).toEqual([]);
    expect(await json(bUrl, '/walletsolidity/getblockbynum', { num })).toEqual({});
    expect(await json(bUrl, '/wallet/getblockbynum', { num })).toEqual({});
    expect(await json(bUrl, '/wallet/getblock', { id_or_num: String(num) })).toEqual({});
    expect((await json(bUrl, '/wallet/getblockbynum', { num: num + 1 })).blockID).toBeTruthy();
  });

  it('bad fault bodies are 400 {detail, code}', async () => {
    const res = await post(bUrl, '/_stub/faults', { status: 404 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'status must be one of 429, 500, 502, 503, 504',
      code: 'BAD_REQUEST',
    });
  });

  it('counts the node requests it served', async () => {
    const before = (await json(bUrl, '/_stub/info')).requests_served;
    await post(bUrl, '/wallet/getnowblock');
    await post(bUrl, '/wallet/getnowblock');
    expect((await json(bUrl, '/_stub/info')).requests_served).toBe(before + 2);
  });
});
