import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Harness, startNode } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startNode({ solidLag: 19, initialBlocks: 100 });
});
beforeEach(() => h.control('reset'));
afterAll(() => h.close());

describe('blocks through tronweb', () => {
  it('starts with a head and a solidified block lagging by the configured 19', async () => {
    const tw = h.tronWeb();
    const head = await tw.trx.getCurrentBlock();
    const solid = await tw.trx.getConfirmedCurrentBlock();
    expect(head.block_header.raw_data.number).toBe(100);
    expect(solid.block_header.raw_data.number).toBe(81);
    // java-tron's block id: 8 bytes of the number, then the header hash.
    expect(head.blockID.slice(0, 16)).toBe((100).toString(16).padStart(16, '0'));
    expect(head.blockID).toMatch(/^[0-9a-f]{64}$/);
    expect(head.block_header.raw_data.witness_address).toMatch(/^41[0-9a-f]{40}$/);
    expect(head.block_header.witness_signature).toMatch(/^[0-9a-f]{130}$/);
    expect(head).not.toHaveProperty('transactions');
  });

  it('reads blocks by number and by id, chained by parentHash, 3 s apart', async () => {
    const tw = h.tronWeb();
    const b50 = await tw.trx.getBlock(50);
    const b51 = await tw.trx.getBlockByNumber(51);
    expect(b51.block_header.raw_data.parentHash).toBe(b50.blockID);
    expect(b51.block_header.raw_data.timestamp - b50.block_header.raw_data.timestamp).toBe(3000);
    const byId = await tw.trx.getBlockByHash(b50.blockID);
    expect(byId).toEqual(b50);
    await expect(tw.trx.getBlock(101)).rejects.toThrow('Block not found');
    // The genesis block prints no number: proto3 leaves 0 out.
    const genesis = await h.call('/wallet/getblockbynum', { num: 0 });
    expect(genesis.block_header.raw_data).not.toHaveProperty('number');
  });

  it('produces blocks on demand and moves the solidified height with them', async () => {
    const made = await h.control('blocks', { count: 5 });
    expect(made.head).toBe(105);
    expect(made.solidified).toBe(86);
    expect(made.blocks.map((b: { number: number }) => b.number)).toEqual([101, 102, 103, 104, 105]);
    const tw = h.tronWeb();
    expect((await tw.trx.getCurrentBlock()).block_header.raw_data.number).toBe(105);
    expect((await tw.trx.getConfirmedCurrentBlock()).block_header.raw_data.number).toBe(86);
  });

  it('GET with query parameters works as POST does', async () => {
    const res = await fetch(`${h.url}/wallet/getblockbynum?num=7`);
    const block = (await res.json()) as { block_header: { raw_data: { number: number } } };
    expect(block.block_header.raw_data.number).toBe(7);
  });

  it('getblock without detail is the header only (what tronweb uses for reference blocks)', async () => {
    await h.control('trx/transfer', { to: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', amount: 1 });
    await h.control('blocks');
    const full = await h.call('/wallet/getblock', { id_or_num: '101', detail: true });
    const bare = await h.call('/wallet/getblock', { detail: false });
    expect(full.transactions).toHaveLength(1);
    expect(bare.blockID).toBe(full.blockID);
    expect(bare).not.toHaveProperty('transactions');
  });

  it('a larger lag holds the solidified height; lowering it or advancing it moves it up', async () => {
    const set = await h.control('solidity', { lag: 50 });
    expect(set).toEqual({ head: 100, solidified: 81, solid_lag: 50 });
    await h.control('blocks', { count: 10 });
    let tw = h.tronWeb();
    expect((await tw.trx.getConfirmedCurrentBlock()).block_header.raw_data.number).toBe(81);
    const adv = await h.control('solidity', { height: 95 });
    expect(adv.solidified).toBe(95);
    const low = await h.control('solidity', { lag: 0 });
    expect(low.solidified).toBe(110);
    tw = h.tronWeb();
    expect((await tw.trx.getConfirmedCurrentBlock()).block_header.raw_data.number).toBe(110);
    // The solidified height never goes past the head nor back.
    expect((await h.control('solidity', { height: 500 })).solidified).toBe(110);
    expect((await h.control('solidity', { height: 3 })).solidified).toBe(110);
  });

  it('solidity endpoints do not see blocks above the solidified height', async () => {
    expect(await h.call('/walletsolidity/getblockbynum', { num: 90 })).toEqual({});
    expect((await h.call('/walletsolidity/getblockbynum', { num: 81 })).blockID).toMatch(/^0+51/);
    expect(await h.call('/walletsolidity/gettransactioninfobyblocknum', { num: 90 })).toEqual([]);
    expect(await h.call('/walletsolidity/gettransactioninfobyblocknum', { num: 0 })).toEqual({});
  });

  it('reset brings back a fresh chain', async () => {
    await h.control('blocks', { count: 3 });
    const info = await h.control('reset');
    expect(info.head).toBe(100);
    expect(info.solidified).toBe(81);
    expect(info.pending).toBe(0);
  });

  it('a timer produces blocks when the setting is on', async () => {
    const timed = await startNode({ blockIntervalMs: 50 });
    try {
      const start = (await timed.call('/wallet/getnowblock')).block_header.raw_data.number;
      await new Promise((r) => setTimeout(r, 400));
      const later = (await timed.call('/wallet/getnowblock')).block_header.raw_data.number;
      expect(later).toBeGreaterThan(start + 2);
    } finally {
      await timed.close();
    }
  });

  it('answers unknown paths with 404 and bad controls with {detail, code}', async () => {
    expect((await fetch(`${h.url}/wallet/nosuchthing`)).status).toBe(404);
    const res = await fetch(`${h.url}/_stub/blocks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: -1 }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'count must be a non-negative integer',
      code: 'BAD_REQUEST',
    });
  });
});
