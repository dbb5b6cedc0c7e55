import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadOptions, TronNode } from '../src';
import { Harness, startNode, topicOf, USDT } from './harness';

/**
 * What issue 43 needs of the stub: a node answering nonsense (`answer`), a
 * node that lies (`/_stub/fabricate`, `lie: "revert"`) while another serving
 * the same chain tells the truth, and the USDT blacklist (`isBlackListed`).
 */

let a: Harness;
let b: TronNode;
let bUrl: string;
const tw = new TronWeb({ fullHost: 'http://127.0.0.1:1' });
const TO = TronWeb.address.fromPrivateKey('8'.repeat(64)) as string;

beforeAll(async () => {
  a = await startNode({ solidLag: 1 });
  b = new TronNode(loadOptions({}, { port: 0, blockIntervalMs: 0 }), a.node.chain);
  bUrl = await b.listen();
});
beforeEach(async () => {
  await a.control('reset');
  await fetch(`${bUrl}/_stub/faults`, { method: 'POST', body: '{}' });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

async function post(url: string, path: string, body: Record<string, unknown> = {}) {
  const res = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

describe('issue 43: nonsense, lies and the blacklist', () => {
  it('answer: empty, not_json and wrong_types on the paths named, 200 each time', async () => {
    await a.control('faults', { answer: 'empty', paths: ['/walletsolidity/getnowblock'] });
    expect(await post(a.url, '/walletsolidity/getnowblock')).toEqual({ status: 200, text: '{}' });
    expect(JSON.parse((await post(a.url, '/wallet/getnowblock')).text).block_header).toBeTruthy();
    await a.control('faults', { answer: 'not_json' });
    expect((await post(a.url, '/wallet/getnowblock')).text).toMatch(/^<html>/);
    await a.control('faults', { answer: 'wrong_types' });
    const odd = JSON.parse((await post(a.url, '/wallet/getnowblock')).text);
    expect(typeof odd.block_header.raw_data.number).toBe('string');
    await expect(a.control('faults', { answer: 'maybe' })).rejects.toThrow(/answer must be/);
  });

  it('fabricate: only the lying node reports the transfer, in its block and by id', async () => {
    const lie = await a.control('fabricate', { to: TO, amount: '5000000000' });
    await a.control('blocks', { count: 3 });
    const infos = await a.call('/walletsolidity/gettransactioninfobyblocknum', { num: lie.block });
    expect(infos).toHaveLength(1);
    expect(infos[0].log[0].topics[2]).toBe(topicOf(tw, TO));
    expect(infos[0].log[0].address).toBe(tw.address.toHex(USDT).slice(2));
    const block = await a.call('/walletsolidity/getblockbynum', { num: lie.block });
    expect(block.transactions).toHaveLength(1);
    expect((await a.call('/walletsolidity/gettransactioninfobyid', { value: lie.txid })).id).toBe(
      lie.txid,
    );
    // The honest node serving the same chain knows nothing of it.
    expect(
      JSON.parse(
        (await post(bUrl, '/walletsolidity/gettransactioninfobyid', { value: lie.txid })).text,
      ),
    ).toEqual({});
    expect(
      JSON.parse(
        (await post(bUrl, '/walletsolidity/gettransactioninfobyblocknum', { num: lie.block })).text,
      ),
    ).toEqual([]);
    // Lies end with the faults.
    await a.control('faults', {});
    expect(await a.call('/walletsolidity/gettransactioninfobyid', { value: lie.txid })).toEqual({});
  });

  it('lie: revert makes this node say a real transfer reverted; the other says it succeeded', async () => {
    const { txid } = await a.control('usdt/transfer', { to: TO, amount: '1000000' });
    await a.control('blocks', { count: 3 });
    await a.control('faults', { lie: 'revert' });
    const told = await a.call('/walletsolidity/gettransactioninfobyid', { value: txid });
    expect(told).toMatchObject({ id: txid, result: 'FAILED', receipt: { result: 'REVERT' } });
    expect(told.log).toBeUndefined();
    const truth = JSON.parse(
      (await post(bUrl, '/walletsolidity/gettransactioninfobyid', { value: txid })).text,
    );
    expect(truth.receipt.result).toBe('SUCCESS');
  });

  it('the USDT blacklist: isBlackListed answers it, a transfer to a listed address reverts', async () => {
    const ask = async () =>
      a.call('/wallet/triggerconstantcontract', {
        owner_address: TO,
        contract_address: USDT,
        function_selector: 'isBlackListed(address)',
        parameter: topicOf(tw, TO),
        visible: true,
      });
    expect(BigInt(`0x${(await ask()).constant_result[0]}`)).toBe(0n);
    await a.control('usdt/blacklist', { address: TO });
    expect(BigInt(`0x${(await ask()).constant_result[0]}`)).toBe(1n);
    const { txid } = await a.control('usdt/transfer', { to: TO, amount: '1000000' });
    await a.control('blocks', { count: 3 });
    const info = await a.call('/walletsolidity/gettransactioninfobyid', { value: txid });
    expect(info.receipt.result).toBe('REVERT');
    await a.control('usdt/blacklist', { address: TO, listed: false });
    expect(BigInt(`0x${(await ask()).constant_result[0]}`)).toBe(0n);
  });
});
