import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Harness, startNode, topicOf, TRANSFER_TOPIC, USDT } from './harness';

let h: Harness;
let fakeUsdt: string;
let router: string;
let faucet: string;
beforeAll(async () => {
  h = await startNode({ solidLag: 19 });
  const info = await h.control('info');
  fakeUsdt = info.fake_usdt.base58;
  router = info.router.base58;
  faucet = info.faucet.base58;
});
beforeEach(() => h.control('reset'));
afterAll(() => h.close());

async function newAddress(): Promise<string> {
  return (await h.tronWeb().createAccount()).address.base58;
}

/** Includes the pending transactions, then solidifies that block. */
async function mineAndSolidify(): Promise<number> {
  const made = await h.control('blocks', { count: 20 });
  return made.blocks[0].number;
}

async function usdtBalance(address: string, contract = USDT): Promise<string> {
  const tw = h.tronWeb();
  tw.setAddress(address);
  const c = await tw.contract().at(contract);
  return (await c.methods.balanceOf(address).call()).toString();
}

describe('TRC-20 balances and metadata', () => {
  it('a USDT transfer control moves tokens in the next block, with a Transfer log', async () => {
    const to = await newAddress();
    const { txid } = await h.control('usdt/transfer', { to, amount: 12_500_000 });
    expect(await usdtBalance(to)).toBe('0'); // still pending
    const num = await mineAndSolidify();
    expect(await usdtBalance(to)).toBe('12500000');

    const tw = h.tronWeb();
    const infos = await h.call('/walletsolidity/gettransactioninfobyblocknum', { num });
    expect(infos).toHaveLength(1);
    const [info] = infos;
    expect(info.id).toBe(txid);
    expect(info.blockNumber).toBe(num);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.contract_address).toBe(tw.address.toHex(USDT));
    expect(info.log).toEqual([
      {
        address: tw.address.toHex(USDT).slice(2), // no 41 prefix, as java-tron prints logs
        topics: [TRANSFER_TOPIC, topicOf(tw, faucet), topicOf(tw, to)],
        data: (12_500_000).toString(16).padStart(64, '0'),
      },
    ]);
    expect(TRANSFER_TOPIC).toBe(tw.sha3('Transfer(address,address,uint256)', false));
    const tx = await tw.trx.getConfirmedTransaction(txid);
    expect(tx.ret).toEqual([{ contractRet: 'SUCCESS' }]);
    expect(tx.raw_data.contract[0].type).toBe('TriggerSmartContract');
    expect(tx.raw_data.contract[0].parameter.value).toMatchObject({
      contract_address: tw.address.toHex(USDT),
      data: expect.stringMatching(/^a9059cbb/),
    });
  });

  it('triggerconstantcontract answers balanceOf, decimals, symbol, name with an energy estimate', async () => {
    const to = await newAddress();
    await h.control('usdt/transfer', { to, amount: 777 });
    await h.control('blocks');
    const tw = h.tronWeb();
    const word = tw.address.toHex(to).slice(2).padStart(64, '0');
    const res = await h.call('/wallet/triggerconstantcontract', {
      owner_address: tw.address.toHex(to),
      contract_address: tw.address.toHex(USDT),
      function_selector: 'balanceOf(address)',
      parameter: word,
    });
    expect(res.result).toEqual({ result: true });
    expect(res.constant_result).toEqual([(777).toString(16).padStart(64, '0')]);
    expect(res.energy_used).toBeGreaterThan(0);
    expect(res.transaction.ret).toEqual([{}]);

    tw.setAddress(to);
    const c = await tw.contract().at(USDT);
    expect(Number(await c.methods.decimals().call())).toBe(6);
    expect(await c.methods.symbol().call()).toBe('USDT');
    expect(await c.methods.name().call()).toBe('Tether USD');

    // A transfer the sender cannot cover reverts in a constant call.
    const dry = await tw.transactionBuilder
      .triggerConstantContract(
        USDT,
        'transfer(address,uint256)',
        {},
        [
          { type: 'address', value: faucet },
          { type: 'uint256', value: 1_000 },
        ],
        to,
      )
      .catch((e: unknown) => String(e));
    expect(String(dry)).toContain('REVERT opcode executed');

    // And one it can cover gives the energy it would cost.
    const est = await h.call('/wallet/triggerconstantcontract', {
      owner_address: tw.address.toHex(to),
      contract_address: tw.address.toHex(USDT),
      function_selector: 'transfer(address,uint256)',
      parameter: topicOf(tw, faucet) + (1).toString(16).padStart(64, '0'),
    });
    expect(est.constant_result).toEqual([(1).toString(16).padStart(64, '0')]);
    expect(est.energy_used).toBe(29_631);
  });

  it('the solidity node answers balances as of the solidified block', async () => {
    const to = await newAddress();
    await h.control('usdt/transfer', { to, amount: 5 });
    await h.control('blocks');
    const tw = h.tronWeb();
    const ask = (path: string) =>
      h.call(path, {
        owner_address: tw.address.toHex(to),
        contract_address: tw.address.toHex(USDT),
        function_selector: 'balanceOf(address)',
        parameter: topicOf(tw, to),
      });
    expect(BigInt('0x' + (await ask('/wallet/triggerconstantcontract')).constant_result[0])).toBe(
      5n,
    );
    expect(
      BigInt('0x' + (await ask('/walletsolidity/triggerconstantcontract')).constant_result[0]),
    ).toBe(0n);
    await h.control('blocks', { count: 19 });
    expect(
      BigInt('0x' + (await ask('/walletsolidity/triggerconstantcontract')).constant_result[0]),
    ).toBe(5n);
  });

  it('the fake token has the same name and symbol but its own balances and log address', async () => {
    const to = await newAddress();
    const { txid } = await h.control('fake-usdt/transfer', { to, amount: 1_000_000 });
    await mineAndSolidify();
    expect(await usdtBalance(to)).toBe('0');
    expect(await usdtBalance(to, fakeUsdt)).toBe('1000000');
    const tw = h.tronWeb();
    tw.setAddress(to);
    const fake = await tw.contract().at(fakeUsdt);
    expect(await fake.methods.symbol().call()).toBe('USDT');
    expect(await fake.methods.name().call()).toBe('Tether USD');
    const info = await tw.trx.getTransactionInfo(txid);
    expect(info.contract_address).toBe(tw.address.toHex(fakeUsdt));
    expect(info.log![0].address).toBe(tw.address.toHex(fakeUsdt).slice(2));
    expect(info.log![0].topics[2]).toBe(topicOf(tw, to));
  });

  it('a reverted transfer has a FAILED receipt, revert data and no balance change', async () => {
    const to = await newAddress();
    const { txid } = await h.control('usdt/revert', { to, amount: 3_000_000, reason: 'paused' });
    await mineAndSolidify();
    const tw = h.tronWeb();
    const info = await tw.trx.getTransactionInfo(txid);
    expect(info.result).toBe('FAILED');
    expect(info.receipt.result).toBe('REVERT');
    expect(tw.toUtf8(info.resMessage!)).toBe('REVERT opcode executed');
    expect(info.contractResult[0].startsWith('08c379a0')).toBe(true);
    expect(info).not.toHaveProperty('log');
    expect((await tw.trx.getConfirmedTransaction(txid)).ret).toEqual([{ contractRet: 'REVERT' }]);
    expect(await usdtBalance(to)).toBe('0');
  });

  it('one transaction can carry two Transfer logs to the same address', async () => {
    const to = await newAddress();
    const { txid } = await h.control('usdt/double-transfer', {
      to,
      amounts: [1_000_000, '2500000'],
    });
    await mineAndSolidify();
    const tw = h.tronWeb();
    const info = await tw.trx.getTransactionInfo(txid);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.contract_address).toBe(tw.address.toHex(USDT));
    expect(info.log).toHaveLength(2);
    for (const log of info.log!) {
      expect(log.address).toBe(tw.address.toHex(USDT).slice(2));
      expect(log.topics[0]).toBe(TRANSFER_TOPIC);
      expect(log.topics[2]).toBe(topicOf(tw, to));
    }
    expect(info.log!.map((l) => BigInt('0x' + l.data))).toEqual([1_000_000n, 2_500_000n]);
    expect(await usdtBalance(to)).toBe('3500000');
  });

  it('a router transferFrom: the tx calls the router, the log comes from USDT', async () => {
    const payer = await newAddress();
    const to = await newAddress();
    await h.control('usdt/transfer', { to: payer, amount: 9_000_000 });
    await h.control('blocks');
    const { txid } = await h.control('usdt/router-transfer', {
      from: payer,
      to,
      amount: 4_000_000,
    });
    await mineAndSolidify();
    const tw = h.tronWeb();
    const tx = await tw.trx.getConfirmedTransaction(txid);
    expect((tx.raw_data.contract[0].parameter.value as any).contract_address).toBe(
      tw.address.toHex(router),
    );
    const info = await tw.trx.getTransactionInfo(txid);
    expect(info.contract_address).toBe(tw.address.toHex(router));
    expect(info.log).toHaveLength(1);
    expect(info.log![0].address).toBe(tw.address.toHex(USDT).slice(2));
    expect(info.log![0].topics.slice(1)).toEqual([topicOf(tw, payer), topicOf(tw, to)]);
    expect(info.internal_transactions![0]).toMatchObject({
      caller_address: tw.address.toHex(router),
      transferTo_address: tw.address.toHex(USDT),
    });
    expect(await usdtBalance(payer)).toBe('5000000');
    expect(await usdtBalance(to)).toBe('4000000');
  });
});

describe('TRX, accounts and chain parameters', () => {
  it('a TRX transfer control creates the account and moves sun', async () => {
    const to = await newAddress();
    const tw = h.tronWeb();
    expect(await tw.trx.getUnconfirmedAccount(to)).toEqual({});
    const { txid } = await h.control('trx/transfer', { to, amount: 2_000_000 });
    await h.control('blocks');
    expect(await tw.trx.getUnconfirmedBalance(to)).toBe(2_000_000);
    expect(await tw.trx.getBalance(to)).toBe(0); // solidity view: not solid yet
    await h.control('blocks', { count: 19 });
    expect(await tw.trx.getBalance(to)).toBe(2_000_000);
    const account = await tw.trx.getAccount(to);
    expect(account.address).toBe(tw.address.toHex(to));
    expect(account.create_time).toBeGreaterThan(0);
    const tx = await tw.trx.getConfirmedTransaction(txid);
    expect(tx.raw_data.contract[0].type).toBe('TransferContract');
    expect(tx.raw_data.contract[0].parameter.value).toMatchObject({
      amount: 2_000_000,
      to_address: tw.address.toHex(to),
    });
    const info = await tw.trx.getTransactionInfo(txid);
    expect(info.contractResult).toEqual(['']);
    // The faucet created the account: 1 TRX plus 0.1 TRX of bandwidth burnt.
    expect(info.fee).toBe(1_100_000);
    expect(info.receipt.net_fee).toBe(100_000);
  });

  it('the account control sets TRX and energy, seen by getaccount and getaccountresource', async () => {
    const who = await newAddress();
    const set = await h.control('account', { address: who, trx: 50_000_000, energy: 65_000 });
    expect(set).toEqual({ address: who, trx: 50_000_000, energy_limit: 65_000, energy_used: 0 });
    const tw = h.tronWeb();
    expect(await tw.trx.getBalance(who)).toBe(50_000_000);
    expect(await tw.trx.getUnconfirmedBalance(who)).toBe(50_000_000);
    const res = await tw.trx.getAccountResources(who);
    expect(res.EnergyLimit).toBe(65_000);
    expect(res.freeNetLimit).toBe(600);
    expect(res).not.toHaveProperty('EnergyUsed');
  });

  it('serves chain parameters with the energy price', async () => {
    const tw = h.tronWeb();
    const params = await tw.trx.getChainParameters();
    expect(params.find((p) => p.key === 'getEnergyFee')?.value).toBe(100);
    expect(params.find((p) => p.key === 'getTransactionFee')?.value).toBe(1000);
    // Zero-valued parameters carry no value, as proto3 JSON leaves them out.
    expect(params.find((p) => p.key === 'getAllowUpdateAccountName')).toEqual({
      key: 'getAllowUpdateAccountName',
    });
  });

  it('visible=true prints addresses in base58', async () => {
    const to = await newAddress();
    const { txid } = await h.control('usdt/transfer', { to, amount: 1 });
    await mineAndSolidify();
    const info = await h.call('/walletsolidity/gettransactioninfobyid', {
      value: txid,
      visible: true,
    });
    expect(info.contract_address).toBe(USDT);
    expect(info.log[0].address).toBe(USDT);
    const hex = await h.call('/walletsolidity/gettransactioninfobyid', { value: txid });
    expect(hex.log[0].address).toMatch(/^[0-9a-f]{40}$/);
  });
});
