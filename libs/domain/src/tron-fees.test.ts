import { describe, expect, it } from 'vitest';
import {
  delegationCostSun,
  energyBurnSun,
  energyOfStake,
  planEnergy,
  receiptCostSun,
  stakeForEnergy,
  SYSTEM_TX_BYTES,
  TronPrices,
} from './tron-fees';

/** Mainnet-like: 100 sun an energy, 1,000 sun a byte, 180e9 energy a day over 19e9 TRX staked. */
const prices: TronPrices = {
  energyFeeSun: 100,
  transactionFeeSun: 1_000,
  totalEnergyLimit: 180_000_000_000,
  totalEnergyWeight: 19_000_000_000,
};

describe('TRON fees', () => {
  it('burns the energy the sender lacks at the chain price', () => {
    expect(energyBurnSun(65_000, 0, prices)).toBe(6_500_000);
    expect(energyBurnSun(65_000, 60_000, prices)).toBe(500_000);
    expect(energyBurnSun(65_000, 70_000, prices)).toBe(0);
    expect(energyBurnSun(65_000, 0, { ...prices, energyFeeSun: 210 })).toBe(13_650_000);
  });

  it('stakes whole TRX that lend at least the energy asked, one TRX spare', () => {
    const stake = stakeForEnergy(65_000, prices);
    expect(stake % 1_000_000).toBe(0);
    expect(energyOfStake(stake, prices)).toBeGreaterThanOrEqual(65_000);
    expect(energyOfStake(stake - 2_000_000, prices)).toBeLessThan(65_000);
    expect(stakeForEnergy(1, prices)).toBe(2_000_000);
    expect(stakeForEnergy(0, prices)).toBe(0);
  });

  it('a lend and its return cost bandwidth only, free while the staker has it', () => {
    expect(delegationCostSun(600, prices)).toBe(0);
    expect(delegationCostSun(SYSTEM_TX_BYTES, prices)).toBe(SYSTEM_TX_BYTES * 1_000);
    expect(delegationCostSun(0, prices)).toBe(2 * SYSTEM_TX_BYTES * 1_000);
  });

  it('chooses: own energy, else a lend when it is cheaper and the stake has room, else TRX', () => {
    const need = { energy: 65_000, available: 0, prices };
    expect(planEnergy({ ...need, available: 65_000 })).toEqual({ source: 'own', costSun: 0 });
    expect(planEnergy(need)).toEqual({ source: 'burn', burnSun: 6_500_000, costSun: 6_500_000 });
    const staker = { lendableSun: 100_000_000_000, bandwidthLeft: 0 };
    expect(planEnergy({ ...need, staker })).toEqual({
      source: 'delegate',
      stakeSun: stakeForEnergy(65_000, prices),
      costSun: 580_000,
    });
    // Not enough stake free: TRX.
    expect(planEnergy({ ...need, staker: { ...staker, lendableSun: 1_000_000 } }).source).toBe(
      'burn',
    );
    // Energy nearly free: burning the little missing beats two transactions' bandwidth.
    expect(planEnergy({ ...need, available: 64_000, staker }).source).toBe('burn');
    // Lends only what is missing.
    const partial = planEnergy({ ...need, available: 30_000, staker });
    expect(partial).toMatchObject({ source: 'delegate', stakeSun: stakeForEnergy(35_000, prices) });
  });

  it("reads a receipt's cost from fee, else from its parts", () => {
    expect(receiptCostSun({ fee: 1_100_000, receipt: { net_fee: 100_000 } })).toBe(1_100_000);
    expect(receiptCostSun({ receipt: { energy_fee: 2_000, net_fee: 300 } })).toBe(2_300);
    expect(receiptCostSun({})).toBe(0);
  });
});
