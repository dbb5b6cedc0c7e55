import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Harness, startNode, USDT } from './harness';

/**
 * Stake 2.0 (FreezeBalanceV2, DelegateResource, UnDelegateResource) and fee
 * accounting (energy, then TRX at getEnergyFee; bandwidth, then TRX per byte),
 * through tronweb as a service uses them.
 */

let h: Harness;
beforeAll(async () => {
  h = await startNode({ solidLag: 1 });
});
beforeEach(() => h.control('reset'));
afterAll(() => h.close());

async function account(trx: number) {
  const acc = await h.tronWeb().createAccount();
  await h.control('account', { address: acc.address.base58, trx });
  return { address: acc.address.base58, key: acc.privateKey, tw: h.tronWeb(acc.privateKey) };
}

type Tx = Parameters<TronWeb['trx']['sendRawTransaction']>[0];
async function send(tw: TronWeb, tx: Tx) {
  const signed = (await tw.trx.sign(tx as never)) as unknown as Tx;
  const res = await tw.trx.sendRawTransaction(signed);
  return { res, txid: signed.txID };
}

async function mine() {
  await h.control('blocks', { count: 2 });
}

async function usdtTransfer(from: { address: string; tw: TronWeb }, to: string, amount: number) {
  const { transaction } = await from.tw.transactionBuilder.triggerSmartContract(
    USDT,
    'transfer(address,uint256)',
    { feeLimit: 100_000_000 },
    [
      { type: 'address', value: to },
      { type: 'uint256', value: amount },
    ],
    from.address,
  );
  return send(from.tw, transaction as Tx);
}

describe('Stake 2.0', () => {
  it('FreezeBalanceV2 for energy gives the stake its share of the daily energy', async () => {
    const staker = await account(20_000_000_000);
    const tx = await staker.tw.transactionBuilder.freezeBalanceV2(
      10_000_000_000,
      'ENERGY',
      staker.address,
    );
    const { res, txid } = await send(staker.tw, tx as Tx);
    expect(res.result).toBe(true);
    await mine();
    const info = await staker.tw.trx.getTransactionInfo(txid);
    expect(info.id).toBe(txid);
    expect(info.receipt.net_usage).toBeGreaterThan(0); // the free daily bandwidth paid it
    const acc = await staker.tw.trx.getAccount(staker.address);
    expect(acc.balance).toBe(10_000_000_000);
    expect(acc.frozenV2).toEqual([
      {},
      { type: 'ENERGY', amount: 10_000_000_000 },
      { type: 'TRON_POWER' },
    ]);
    const r = await staker.tw.trx.getAccountResources(staker.address);
    expect(r.TotalEnergyWeight).toBe(19_000_000_000 + 10_000);
    expect(r.EnergyLimit).toBe(Math.floor((10_000 * r.TotalEnergyLimit!) / r.TotalEnergyWeight!));
    expect(r.tronPowerLimit).toBe(10_000);
  });

  it('DelegateResource lends energy a transfer then uses; UnDelegateResource takes it back', async () => {
    const staker = await account(100_000_000_000);
    const sender = await account(0);
    await h.control('usdt/transfer', { to: sender.address, amount: 10_000_000 });
    await send(
      staker.tw,
      (await staker.tw.transactionBuilder.freezeBalanceV2(
        50_000_000_000,
        'ENERGY',
        staker.address,
      )) as Tx,
    );
    await mine();
    const lend = 10_000_000_000; // 10,000 TRX: about 94,700 energy
    const delegated = await send(
      staker.tw,
      (await staker.tw.transactionBuilder.delegateResource(
        lend,
        sender.address,
        'ENERGY',
        staker.address,
      )) as Tx,
    );
    expect(delegated.res.result).toBe(true);
    await mine();
    const lent = await h.call('/wallet/getdelegatedresourcev2', {
      fromAddress: staker.address,
      toAddress: sender.address,
      visible: true,
    });
    expect(lent).toEqual({
      delegatedResource: [
        { from: staker.address, to: sender.address, frozen_balance_for_energy: lend },
      ],
    });
    // Who lends to whom, from either side (getdelegatedresourceaccountindexv2).
    expect(
      await h.call('/wallet/getdelegatedresourceaccountindexv2', {
        value: staker.address,
        visible: true,
      }),
    ).toEqual({ account: staker.address, toAccounts: [sender.address] });
    expect(
      await h.call('/wallet/getdelegatedresourceaccountindexv2', {
        value: sender.address,
        visible: true,
      }),
    ).toEqual({ account: sender.address, fromAccounts: [staker.address] });
    const acc = await staker.tw.trx.getAccount(staker.address);
    expect(acc.frozenV2[1]).toEqual({ type: 'ENERGY', amount: 40_000_000_000 });
    expect(acc.account_resource.delegated_frozenV2_balance_for_energy).toBe(lend);
    const got = await sender.tw.trx.getAccount(sender.address);
    expect(got.account_resource.acquired_delegated_frozenV2_balance_for_energy).toBe(lend);
    const before = await sender.tw.trx.getAccountResources(sender.address);
    expect(before.EnergyLimit).toBe(
      Math.floor((10_000 * before.TotalEnergyLimit!) / before.TotalEnergyWeight!),
    );

    // The sender holds no TRX at all: the lent energy and the free bandwidth pay everything.
    const to = (await h.tronWeb().createAccount()).address.base58;
    const sent = await usdtTransfer(sender, to, 1_000_000);
    expect(sent.res.result).toBe(true);
    await mine();
    const info = await sender.tw.trx.getTransactionInfo(sent.txid);
    expect(info.receipt.result).toBe('SUCCESS');
    expect(info.receipt.energy_usage).toBe(64_285);
    expect(info.receipt).not.toHaveProperty('energy_fee');
    expect(info).not.toHaveProperty('fee');
    // (Usage starts recovering at once: 24 h to nothing.)
    const used = (await sender.tw.trx.getAccountResources(sender.address)).EnergyUsed;
    expect(used).toBeGreaterThan(64_200);
    expect(used).toBeLessThanOrEqual(64_285);

    const back = await send(
      staker.tw,
      (await staker.tw.transactionBuilder.undelegateResource(
        lend,
        sender.address,
        'ENERGY',
        staker.address,
      )) as Tx,
    );
    expect(back.res.result).toBe(true);
    await mine();
    const after = await sender.tw.trx.getAccountResources(sender.address);
    expect(after.EnergyLimit).toBeUndefined();
    expect(after.EnergyUsed).toBeUndefined(); // its usage went back with the stake
    const owner = await staker.tw.trx.getAccountResources(staker.address);
    expect(owner.EnergyUsed).toBeGreaterThan(64_200);
    expect((await staker.tw.trx.getAccount(staker.address)).frozenV2[1]).toEqual({
      type: 'ENERGY',
      amount: 50_000_000_000,
    });
    expect(
      await h.call('/wallet/getdelegatedresourcev2', {
        fromAddress: staker.address,
        toAddress: sender.address,
        visible: true,
      }),
    ).toEqual({});
  });

  it('refuses to lend more than the stake has free, or to take back what was not lent', async () => {
    const staker = await account(10_000_000_000);
    const other = await account(1_000_000);
    await send(
      staker.tw,
      (await staker.tw.transactionBuilder.freezeBalanceV2(
        2_000_000_000,
        'ENERGY',
        staker.address,
      )) as Tx,
    );
    await mine();
    const max = await h.call('/wallet/getcandelegatedmaxsize', {
      owner_address: staker.address,
      type: 1,
      visible: true,
    });
    expect(max).toEqual({ max_size: 2_000_000_000 });
    const tooMuch = await send(
      staker.tw,
      (await staker.tw.transactionBuilder.delegateResource(
        2_000_000_001,
        other.address,
        'ENERGY',
        staker.address,
      )) as Tx,
    );
    expect(tooMuch.res.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(staker.tw.toUtf8(tooMuch.res.message!)).toBe(
      'Contract validate error : delegateBalance must be less than or equal to available FreezeEnergyV2 balance',
    );
    const notLent = await send(
      staker.tw,
      (await staker.tw.transactionBuilder.undelegateResource(
        1_000_000,
        other.address,
        'ENERGY',
        staker.address,
      )) as Tx,
    );
    expect(staker.tw.toUtf8(notLent.res.message!)).toBe(
      'Contract validate error : delegated Resource does not exist',
    );
  });
});

describe('fees', () => {
  it('energy the sender lacks is burnt at getEnergyFee, which the chain can change', async () => {
    await h.control('parameters', { energy_fee: 210 });
    const params = await h.tronWeb().trx.getChainParameters();
    expect(params.find((p) => p.key === 'getEnergyFee')?.value).toBe(210);
    const sender = await account(50_000_000);
    await h.control('usdt/transfer', { to: sender.address, amount: 5_000_000 });
    await mine();
    const holder = await account(1_000_000);
    await h.control('usdt/transfer', { to: holder.address, amount: 1 });
    await mine();
    const sent = await usdtTransfer(sender, holder.address, 1_000_000);
    await mine();
    const info = await sender.tw.trx.getTransactionInfo(sent.txid);
    expect(info.receipt.energy_fee).toBe(29_631 * 210);
    expect(info.receipt.energy_usage_total).toBe(29_631);
    expect(info.fee).toBe(29_631 * 210);
    expect(await sender.tw.trx.getBalance(sender.address)).toBe(50_000_000 - 29_631 * 210);
  });

  it('bandwidth beyond the free 600 a day is burnt per byte (net_fee, part of fee)', async () => {
    const sender = await account(100_000_000);
    const to = await account(1_000_000);
    const sent = [];
    for (const amount of [1_000_000, 2_000_000, 3_000_000]) {
      const tx = await sender.tw.transactionBuilder.sendTrx(to.address, amount, sender.address);
      sent.push(await send(sender.tw, tx as Tx));
    }
    await mine();
    const [a, b, c] = await Promise.all(sent.map((s) => sender.tw.trx.getTransactionInfo(s.txid)));
    const bytes = a.receipt.net_usage!;
    expect(bytes).toBeGreaterThan(200);
    expect(a).not.toHaveProperty('fee');
    // Two fit the free 600; the third burns getTransactionFee (1,000 sun) per byte.
    const burnt = c.receipt.net_fee!;
    expect(burnt % 1000).toBe(0);
    expect(Math.abs(burnt / 1000 - bytes)).toBeLessThan(5);
    expect(c.receipt).not.toHaveProperty('net_usage');
    expect(c.fee).toBe(burnt);
    const r = await sender.tw.trx.getAccountResources(sender.address);
    expect(r.freeNetUsed).toBe(bytes + b.receipt.net_usage!);
    expect(await sender.tw.trx.getBalance(sender.address)).toBe(100_000_000 - 6_000_000 - burnt);
  });

  it('a sender whose free bandwidth is spent and who lacks the TRX for it is refused (BANDWITH_ERROR)', async () => {
    const sender = await account(2_000_000);
    const to = await account(1_000_000);
    await h.control('account', { address: sender.address, free_bandwidth_used: 600 });
    expect((await sender.tw.trx.getAccountResources(sender.address)).freeNetUsed).toBe(600);
    // 1.9 TRX sent leaves 0.1 TRX: less than the ~270 bytes at 1,000 sun each.
    const tx = await sender.tw.transactionBuilder.sendTrx(to.address, 1_900_000, sender.address);
    const { res } = await send(sender.tw, tx as Tx);
    expect(res).toMatchObject({ code: 'BANDWITH_ERROR' });
    // With the TRX for it, the same transfer burns it.
    await h.control('account', { address: sender.address, trx: 3_000_000 });
    const again = await sender.tw.transactionBuilder.sendTrx(to.address, 1_900_000, sender.address);
    const ok = await send(sender.tw, again as Tx);
    expect(ok.res).toMatchObject({ result: true });
    await mine();
    expect((await sender.tw.trx.getTransactionInfo(ok.txid)).receipt.net_fee).toBeGreaterThan(0);
  });

  it('a TRX transfer the sender cannot also pay the account creation for is refused', async () => {
    const sender = await account(1_500_000);
    const fresh = (await h.tronWeb().createAccount()).address.base58;
    const { res } = await send(
      sender.tw,
      (await sender.tw.transactionBuilder.sendTrx(fresh, 1_000_000, sender.address)) as Tx,
    );
    expect(res.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(sender.tw.toUtf8(res.message!)).toMatch(/balance is not sufficient/);
  });
});
