import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness, startNode, USDT } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startNode();
});
afterAll(() => h.close());

describe('smoke', () => {
  it('sends usdt with tronweb', async () => {
    const tw = h.tronWeb();
    const sender = await tw.createAccount();
    await h.control('account', {
      address: sender.address.base58,
      trx: 100_000_000,
      energy: 100_000,
    });
    await h.control('usdt/transfer', { to: sender.address.base58, amount: 5_000_000 });
    await h.control('blocks', { count: 1 });
    const tws = h.tronWeb(sender.privateKey);
    const c = await tws.contract().at(USDT);
    const bal = await c.methods.balanceOf(sender.address.base58).call();
    expect(bal.toString()).toBe('5000000');
    const to = (await tw.createAccount()).address.base58;
    const txid = await c.methods.transfer(to, 1_000_000).send();
    console.log(txid);
    await h.control('blocks', { count: 20 });
    const info = await tws.trx.getTransactionInfo(txid);
    console.log(JSON.stringify(info));
  });
});
