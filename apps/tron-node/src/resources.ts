import type { Resource } from './transaction';

/**
 * Stake 2.0 resource arithmetic as java-tron does it (ResourceProcessor,
 * EnergyProcessor, BandwidthProcessor), in integers: usage recovers linearly
 * over a 24 h window of 3 s slots; an account's energy (bandwidth) limit is
 * its share of the chain's daily total, by the TRX staked for it (its own
 * plus what others delegated to it) against everything staked for it.
 */

export const WINDOW_SLOTS = 28_800; // 24 h of 3 s slots
export const SUN_PER_TRX = 1_000_000n;

/** The fee schedule and totals; the stub's /_stub/parameters changes them. */
export interface ChainParameters {
  /** getEnergyFee: sun burnt per unit of energy the account does not have. */
  energyFee: number;
  /** getTransactionFee: sun burnt per byte of bandwidth the account does not have. */
  transactionFee: number;
  /** getCreateAccountFee: bandwidth burnt (sun) when a transfer creates an account. */
  createAccountFee: number;
  /** getCreateNewAccountFeeInSystemContract: the extra sun a transfer creating an account pays. */
  createNewAccountFeeInSystemContract: number;
  /** Free bandwidth per account per day. */
  freeNetLimit: number;
  totalEnergyLimit: number;
  totalNetLimit: number;
  /** TRX staked for energy / bandwidth by the rest of the network (mainnet-like). */
  baseEnergyWeight: number;
  baseNetWeight: number;
}

export const DEFAULT_PARAMETERS: ChainParameters = {
  energyFee: 100,
  transactionFee: 1_000,
  createAccountFee: 100_000,
  createNewAccountFeeInSystemContract: 1_000_000,
  freeNetLimit: 600,
  totalEnergyLimit: 180_000_000_000,
  totalNetLimit: 43_200_000_000,
  baseEnergyWeight: 19_000_000_000,
  baseNetWeight: 26_982_347_398,
};

export type PerResource = Record<Resource, bigint>;
export const none = (): PerResource => ({ BANDWIDTH: 0n, ENERGY: 0n });

export function slotOf(timestamp: number): number {
  return Math.floor(timestamp / 3000);
}

/** What is left of `used` after the slots since `lastSlot` (rounded up, as usage is whole units). */
export function recovered(used: bigint, lastSlot: number, nowSlot: number): bigint {
  if (used <= 0n) return 0n;
  const elapsed = BigInt(Math.max(0, nowSlot - lastSlot));
  const w = BigInt(WINDOW_SLOTS);
  if (elapsed >= w) return 0n;
  return (used * (w - elapsed) + w - 1n) / w;
}

/** TRX staked network-wide for a resource, the stub's own stakes included. */
export function totalWeight(
  p: ChainParameters,
  resource: Resource,
  stakedSun: PerResource,
): bigint {
  const base = BigInt(resource === 'ENERGY' ? p.baseEnergyWeight : p.baseNetWeight);
  return base + stakedSun[resource] / SUN_PER_TRX;
}

/** The resource units a stake of `sun` gives (calculateGlobalEnergyLimit / NetLimit). */
export function unitsFor(
  p: ChainParameters,
  resource: Resource,
  sun: bigint,
  stakedSun: PerResource,
): bigint {
  const total = BigInt(resource === 'ENERGY' ? p.totalEnergyLimit : p.totalNetLimit);
  return ((sun / SUN_PER_TRX) * total) / totalWeight(p, resource, stakedSun);
}

/** The stake (sun) that gives `units` of a resource, rounded up to whole TRX. */
export function sunFor(
  p: ChainParameters,
  resource: Resource,
  units: bigint,
  stakedSun: PerResource,
): bigint {
  const total = BigInt(resource === 'ENERGY' ? p.totalEnergyLimit : p.totalNetLimit);
  const weight = totalWeight(p, resource, stakedSun);
  return ((units * weight + total - 1n) / total) * SUN_PER_TRX;
}
