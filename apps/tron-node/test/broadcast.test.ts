import { createHash } from 'node:crypto';
import { providers, TronWeb } from 'tronweb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Harness, startNode, topicOf, TRANSFER_TOPIC, USDT } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startNode({ solidLag: 19 });
});
beforeEach(() => h.control('reset'));
afterAll(() => h.close());

/** A funded sender: TRX, energy and USDT, in a block already. */
async function fundedSender(opts: { trx?: number; energy?: number; usdt?: number } = {}) {
  const account = await h.tronWeb().createAccount();
  const address = account.address.base58;
  await h.control('account', {
    address,
    trx: opts.trx ?? 100_000_000,
    energy: opts.energy ?? 200_000,
  });
  if (opts.usdt !== 0)
    await h.control('usdt/transfer', { to: address, amount: opts.usdt ?? 50_000_000 });
  await h.control('blocks');
  return { address, privateKey: account.privateKey, tw: h.tronWeb(account.privateKey) };
}

async function signedUsdtTransfer(tw: TronWeb, from: string, to: string, amount: number) {
  const { transaction, result } = await tw.transactionBuilder.triggerSmartContract(
    USDT,
    'transfer(address,uint256)',
    { feeLimit: 100_000_000 },
    [
      { type: 'address', value: to },
      { type: 'uint256', value: amount },
    ],
    from,
  );
  expect(result.result).toBe(true);
  return tw.trx.sign(transaction);
}

async function usdtOf(address: string): Promise<bigint> {
  const tw = h.tronWeb();
  const res = await tw.transactionBuilder.triggerConstantContract(
    USDT,
    'balanceOf(address)',
    {},
    [{ type: 'address', value: address }],
    address,
  );
  return BigInt('0x' + res.constant_result[0]);
}

describe('build, sign and broadcast with tronweb', () => {
  it('a USDT transfer appears in a later solidified block with its Transfer log', async () => {
    const sender = await fundedSender();
    const to = (await h.tronWeb().createAccount()).address.base58;
    const signed = await signedUsdtTransfer(sender.tw, sender.address, to, 7_250_000);
    // txID = sha256(raw_data bytes); tronweb checked raw_data_hex against raw_data when signing.
    expect(createHash('sha256').update(Buffer.from(signed.raw_data_hex, 'hex')).digest('hex')).toBe(
      signed.txID,
    );
    const sent = await sender.tw.trx.sendRawTransaction(signed);
    expect(sent.result).toBe(true);
    expect(sent.txid).toBe(signed.txID);
    expect(sent).not.toHaveProperty('code');

    // Pending: not in any block yet.
    expect(await sender.tw.trx.getUnconfirmedTransactionInfo(signed.txID)).toEqual({});
    const { blocks } = await h.control('blocks');
    const included = blocks[0].number;
    expect(blocks[0].txids).toEqual([signed.txID]);

    // In a block, but not solidified: the full node knows it, the solidity node does not.
    expect((await sender.tw.trx.getUnconfirmedTransactionInfo(signed.txID)).blockNumber).toBe(
      included,
    );
    expect(await sender.tw.trx.getTransactionInfo(signed.txID)).toEqual({});
    expect(await h.call('/walletsolidity/gettransactioninfobyblocknum', { num: included })).toEqual(
      [],
    );

    await h.control('blocks', { count: 19 });
    const infos = await h.call('/walletsolidity/gettransactioninfobyblocknum', { num: included });
    expect(infos).toHaveLength(1);
    const info = infos[0];
    const tw = h.tronWeb();
    expect(info.id).toBe(signed.txID);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.contractResult).toEqual(['0'.repeat(63) + '1']);
    expect(info.log).toEqual([
      {
        address: tw.address.toHex(USDT).slice(2),
        topics: [TRANSFER_TOPIC, topicOf(tw, sender.address), topicOf(tw, to)],
        data: (7_250_000).toString(16).padStart(64, '0'),
      },
    ]);
    const byId = await h.call('/walletsolidity/gettransactionbyid', { value: signed.txID });
    expect(byId.signature).toEqual(signed.signature);
    expect(byId.raw_data_hex).toBe(signed.raw_data_hex);
    expect(byId.ret).toEqual([{ contractRet: 'SUCCESS' }]);
    expect(await usdtOf(to)).toBe(7_250_000n);
    expect(await usdtOf(sender.address)).toBe(50_000_000n - 7_250_000n);
  });

  it('contract().methods.transfer().send() works end to end', async () => {
    const sender = await fundedSender();
    const to = (await h.tronWeb().createAccount()).address.base58;
    const c = await sender.tw.contract().at(USDT);
    const txid: string = await c.methods.transfer(to, 1_000_000).send();
    await h.control('blocks', { count: 20 });
    const info = await sender.tw.trx.getTransactionInfo(txid);
    expect(info.receipt.result).toBe('SUCCESS');
    expect((await c.methods.balanceOf(to).call()).toString()).toBe('1000000');
  });

  it('a second broadcast of the same transaction is DUP_TRANSACTION_ERROR, pending or mined', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    expect((await sender.tw.trx.sendRawTransaction(signed)).result).toBe(true);
    const again = await sender.tw.trx.sendRawTransaction(signed);
    expect(again.code).toBe('DUP_TRANSACTION_ERROR');
    expect(again.txid).toBe(signed.txID);
    expect(again).not.toHaveProperty('result');
    expect(sender.tw.toUtf8(again.message!)).toBe('Dup transaction.');
    await h.control('blocks');
    expect((await sender.tw.trx.sendRawTransaction(signed)).code).toBe('DUP_TRANSACTION_ERROR');
    // Included once.
    const head = await sender.tw.trx.getCurrentBlock();
    expect(head.transactions).toHaveLength(1);
  });

  it('an expired transaction is TRANSACTION_EXPIRATION_ERROR and never included', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    // tronweb sets expiration to the head block's time + 60 s: 21 blocks later it has passed.
    await h.control('blocks', { count: 21 });
    const res = await sender.tw.trx.sendRawTransaction(signed);
    expect(res.code).toBe('TRANSACTION_EXPIRATION_ERROR');
    expect(sender.tw.toUtf8(res.message!)).toBe('Transaction expired');
    expect(res.txid).toBe(signed.txID);
    await h.control('blocks');
    expect(await sender.tw.trx.getUnconfirmedTransactionInfo(signed.txID)).toEqual({});
  });

  it('short energy and TRX end in OUT_OF_ENERGY with no token movement', async () => {
    const sender = await fundedSender({ energy: 10_000, trx: 1_000_000 });
    const to = (await h.tronWeb().createAccount()).address.base58;
    const signed = await signedUsdtTransfer(sender.tw, sender.address, to, 5_000_000);
    expect((await sender.tw.trx.sendRawTransaction(signed)).result).toBe(true);
    await h.control('blocks', { count: 20 });
    const info = await sender.tw.trx.getTransactionInfo(signed.txID);
    expect(info.result).toBe('FAILED');
    expect(info.receipt.result).toBe('OUT_OF_ENERGY');
    expect(info.contractResult).toEqual(['']);
    expect(sender.tw.toUtf8(info.resMessage!)).toMatch(/^Not enough energy/);
    expect(info).not.toHaveProperty('log');
    expect(info.receipt.energy_usage).toBe(10_000);
    expect(info.receipt.energy_fee).toBe(1_000_000);
    expect(info.fee).toBe(1_000_000);
    expect((await sender.tw.trx.getConfirmedTransaction(signed.txID)).ret).toEqual([
      { contractRet: 'OUT_OF_ENERGY' },
    ]);
    expect(await usdtOf(to)).toBe(0n);
    expect(await usdtOf(sender.address)).toBe(50_000_000n);
    // What it had was spent.
    expect(await sender.tw.trx.getBalance(sender.address)).toBe(0);
    // Used energy recovers linearly over 24 h of slots: a minute later, almost all still used.
    const res = await sender.tw.trx.getAccountResources(sender.address);
    expect(res.EnergyUsed).toBeGreaterThan(9_900);
    expect(res.EnergyUsed).toBeLessThanOrEqual(10_000);
  });

  it('without energy, TRX is burnt for it at the chain energy price', async () => {
    const sender = await fundedSender({ energy: 0, trx: 20_000_000 });
    const to = (await h.tronWeb().createAccount()).address.base58;
    const signed = await signedUsdtTransfer(sender.tw, sender.address, to, 1);
    await sender.tw.trx.sendRawTransaction(signed);
    await h.control('blocks', { count: 20 });
    const info = await sender.tw.trx.getTransactionInfo(signed.txID);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.receipt.energy_fee).toBe(64_285 * 100); // new holder
    expect(await sender.tw.trx.getBalance(sender.address)).toBe(20_000_000 - 6_428_500);
  });

  it('a transaction signed by another key is SIGERROR', async () => {
    const sender = await fundedSender();
    const other = await h.tronWeb().createAccount();
    const { transaction } = await sender.tw.transactionBuilder.triggerSmartContract(
      USDT,
      'transfer(address,uint256)',
      { feeLimit: 100_000_000 },
      [
        { type: 'address', value: other.address.base58 },
        { type: 'uint256', value: 1 },
      ],
      sender.address,
    );
    const forged = { ...transaction, signature: [] as string[] };
    const good = await sender.tw.trx.sign(transaction);
    // A signature over the same txID by a different key.
    const wrong = await h
      .tronWeb(other.privateKey)
      .trx.sign({ ...transaction }, other.privateKey, true, true);
    forged.signature = wrong.signature!;
    const res = await sender.tw.trx.sendRawTransaction(forged as typeof good);
    expect(res.code).toBe('SIGERROR');
    expect(sender.tw.toUtf8(res.message!)).toBe('Validate signature error: sig error');
    expect((await sender.tw.trx.sendRawTransaction(good)).result).toBe(true);
  });

  it('an owner with no account on chain is CONTRACT_VALIDATE_ERROR', async () => {
    const ghost = await h.tronWeb().createAccount();
    const tw = h.tronWeb(ghost.privateKey);
    const signed = await signedUsdtTransfer(tw, ghost.address.base58, ghost.address.base58, 1);
    const res = await tw.trx.sendRawTransaction(signed);
    expect(res.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(tw.toUtf8(res.message!)).toBe(
      `Contract validate error : account [${ghost.address.base58}] does not exist`,
    );
  });

  it('a TRX transfer built locally by tronweb gets the same txID on the node', async () => {
    const sender = await fundedSender({ usdt: 0 });
    const to = (await h.tronWeb().createAccount()).address.base58;
    const tx = await sender.tw.transactionBuilder.sendTrx(to, 3_000_000, sender.address);
    const signed = await sender.tw.trx.sign(tx);
    const res = await sender.tw.trx.sendRawTransaction(signed);
    expect(res.result).toBe(true);
    expect(res.txid).toBe(signed.txID);
    await h.control('blocks', { count: 20 });
    expect(await sender.tw.trx.getBalance(to)).toBe(3_000_000);
    // Creating the receiver cost 1 TRX (getCreateNewAccountFeeInSystemContract) and
    // 0.1 TRX of bandwidth burnt (getCreateAccountFee), as on mainnet.
    expect(await sender.tw.trx.getBalance(sender.address)).toBe(97_000_000 - 1_100_000);
    const info = await sender.tw.trx.getTransactionInfo(signed.txID);
    expect(info.fee).toBe(1_100_000);
    expect(info.receipt).toEqual({ net_fee: 100_000 });
  });

  it('triggersmartcontract refuses an unknown contract the way java-tron does', async () => {
    const sender = await fundedSender({ usdt: 0 });
    const res = await h.call('/wallet/triggersmartcontract', {
      owner_address: sender.tw.address.toHex(sender.address),
      contract_address: sender.tw.address.toHex(sender.address),
      function_selector: 'transfer(address,uint256)',
      parameter: '',
      fee_limit: 1,
    });
    expect(res.result.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(sender.tw.toUtf8(res.result.message)).toBe('No contract or not a valid smart contract');
    expect(res).not.toHaveProperty('transaction');
  });
});

describe('broadcast controls', () => {
  it('hang: the client times out, the node still took the transaction; a retry is a duplicate', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    await h.control('broadcast/next', { mode: 'hang' });
    const impatient = new TronWeb({
      fullNode: new providers.HttpProvider(h.url, 500),
      solidityNode: h.url,
      eventServer: h.url,
    });
    await expect(impatient.trx.sendRawTransaction(signed)).rejects.toThrow(/timeout/i);
    const { blocks } = await h.control('blocks');
    expect(blocks[0].txids).toEqual([signed.txID]);
    const retry = await sender.tw.trx.sendRawTransaction(signed);
    expect(retry.code).toBe('DUP_TRANSACTION_ERROR');
  });

  it('hang without accepting, answered late: SERVER_BUSY and nothing included', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    await h.control('broadcast/next', { mode: 'hang', accept: false, delay_ms: 300 });
    const started = Date.now();
    const res = await sender.tw.trx.sendRawTransaction(signed);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(res.code).toBe('SERVER_BUSY');
    const { blocks } = await h.control('blocks');
    expect(blocks[0].txids).toEqual([]);
    // The next broadcast is normal again.
    expect((await sender.tw.trx.sendRawTransaction(signed)).result).toBe(true);
  });

  it('duplicate: the first broadcast already answers DUP_TRANSACTION_ERROR (node had it)', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    await h.control('broadcast/next', { mode: 'duplicate' });
    const res = await sender.tw.trx.sendRawTransaction(signed);
    expect(res.code).toBe('DUP_TRANSACTION_ERROR');
    expect(res.txid).toBe(signed.txID);
    const { blocks } = await h.control('blocks');
    expect(blocks[0].txids).toEqual([signed.txID]);
  });

  it('duplicate without accepting: DUP answered, the transaction is not on chain', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    await h.control('broadcast/next', { mode: 'duplicate', accept: false });
    expect((await sender.tw.trx.sendRawTransaction(signed)).code).toBe('DUP_TRANSACTION_ERROR');
    const { blocks } = await h.control('blocks');
    expect(blocks[0].txids).toEqual([]);
  });

  it('drop: the node answers that it took the transaction and loses it', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    await h.control('broadcast/next', { mode: 'drop' });
    const res = await sender.tw.trx.sendRawTransaction(signed);
    expect(res.result).toBe(true);
    expect(res.txid).toBe(signed.txID);
    const { blocks } = await h.control('blocks');
    expect(blocks[0].txids).toEqual([]);
    // Sent again, the same bytes are taken: nothing remembers the lost one.
    expect((await sender.tw.trx.sendRawTransaction(signed)).result).toBe(true);
    expect((await h.control('blocks')).blocks[0].txids).toEqual([signed.txID]);
  });

  it('normal clears a pending hang or duplicate', async () => {
    const sender = await fundedSender();
    const signed = await signedUsdtTransfer(sender.tw, sender.address, sender.address, 1);
    await h.control('broadcast/next', { mode: 'duplicate' });
    expect(await h.control('broadcast/next', { mode: 'normal' })).toEqual({ mode: 'normal' });
    const res = await sender.tw.trx.sendRawTransaction(signed);
    expect(res.result).toBe(true);
    expect(res).not.toHaveProperty('code');
  });
});

describe('controls sending from a given key', () => {
  it('usdt/transfer with from_private_key moves the tokens of that account', async () => {
    const sender = await fundedSender({ usdt: 10_000_000 });
    const to = (await h.tronWeb().createAccount()).address.base58;
    const { txid } = await h.control('usdt/transfer', {
      to,
      amount: '4000000',
      from_private_key: sender.privateKey,
    });
    await h.control('blocks', { count: 20 });
    const tx = await sender.tw.trx.getConfirmedTransaction(txid);
    expect((tx.raw_data.contract[0].parameter.value as any).owner_address).toBe(
      sender.tw.address.toHex(sender.address),
    );
    // The control signed it properly: the signature recovers the owner.
    expect(sender.tw.trx.ecRecover(tx as any)).toBe(sender.address);
    expect(await usdtOf(sender.address)).toBe(6_000_000n);
    expect(await usdtOf(to)).toBe(4_000_000n);
  });
});
