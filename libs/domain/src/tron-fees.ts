/**
 * What a TRON transfer costs and how to pay for its energy, as pure rules.
 *
 * A TRC-20 transfer needs energy (about 30k–65k to a holder, twice that to an
 * address holding none). An account spends its own energy first; what it
 * lacks is burnt as TRX at the chain's energy price (`getEnergyFee`). Stake 2.0
 * lets a staking account lend energy instead (`DelegateResource`, then
 * `UnDelegateResource`): the stake stays the staker's, and a lend costs only
 * the bandwidth of those two transactions. These functions choose, per
 * transfer, the cheaper way at the prices the chain states now.
 */

export const SUN_PER_TRX = 1_000_000;
/** The least java-tron lets one delegate. */
export const MIN_DELEGATION_SUN = SUN_PER_TRX;
/** Bandwidth (bytes) of a signed DelegateResource / UnDelegateResource transaction, with java-tron's reserve. */
export const SYSTEM_TX_BYTES = 290;
/** Bandwidth (bytes) of a signed TRC-20 transfer, with java-tron's reserve (about 345 in practice). */
export const TRANSFER_TX_BYTES = 350;

/** The chain's prices and totals: getchainparameters and getaccountresource. */
export interface TronPrices {
  /** getEnergyFee: sun per unit of energy burnt. */
  energyFeeSun: number;
  /** getTransactionFee: sun per byte of bandwidth burnt. */
  transactionFeeSun: number;
  /** TotalEnergyLimit: energy the whole chain hands out per day. */
  totalEnergyLimit: number;
  /** TotalEnergyWeight: TRX staked for energy chain-wide. */
  totalEnergyWeight: number;
}

/** TRX (sun) burnt for `needed` energy when `available` of it is the account's own. */
export function energyBurnSun(needed: number, available: number, prices: TronPrices): number {
  return Math.max(0, needed - Math.max(0, available)) * prices.energyFeeSun;
}

/** Energy a stake of `sun` gives (java-tron: whole TRX × total limit / total weight, rounded down). */
export function energyOfStake(sun: number, prices: TronPrices): number {
  if (prices.totalEnergyWeight <= 0) return 0;
  return Math.floor(
    (Math.floor(sun / SUN_PER_TRX) * prices.totalEnergyLimit) / prices.totalEnergyWeight,
  );
}

/**
 * The stake (sun, whole TRX, at least 1 TRX) that lends at least `energy`,
 * with one TRX spare so that a small move of the total weight between reading
 * it and the lend does not leave the transfer a few units short.
 */
export function stakeForEnergy(energy: number, prices: TronPrices): number {
  if (energy <= 0) return 0;
  if (prices.totalEnergyLimit <= 0) return Number.POSITIVE_INFINITY;
  const trx = Math.ceil((energy * prices.totalEnergyWeight) / prices.totalEnergyLimit) + 1;
  return Math.max(MIN_DELEGATION_SUN, trx * SUN_PER_TRX);
}

/** TRX (sun) the bandwidth of `bytes` costs an account with `bandwidthLeft` (staked + free) bytes. */
export function bandwidthBurnSun(bytes: number, bandwidthLeft: number, prices: TronPrices): number {
  return bandwidthLeft >= bytes ? 0 : bytes * prices.transactionFeeSun;
}

/** What a lend and its return cost the staking account, paying bandwidth from `bandwidthLeft` first. */
export function delegationCostSun(bandwidthLeft: number, prices: TronPrices): number {
  const first = bandwidthBurnSun(SYSTEM_TX_BYTES, bandwidthLeft, prices);
  const left = first === 0 ? bandwidthLeft - SYSTEM_TX_BYTES : bandwidthLeft;
  return first + bandwidthBurnSun(SYSTEM_TX_BYTES, left, prices);
}

export interface EnergyNeed {
  /** Energy the transfer takes (the node's estimate). */
  energy: number;
  /** Energy the sending account has now. */
  available: number;
  prices: TronPrices;
  /**
   * The staking account (TRON_ENERGY_ACCOUNT_PRIVATE_KEY), if configured: the
   * stake it can lend now (getcandelegatedmaxsize) and its bandwidth left.
   */
  staker?: { lendableSun: number; bandwidthLeft: number };
}

export type EnergyPlan =
  /** The sender has the energy: nothing to do, nothing burnt. */
  | { source: 'own'; costSun: 0 }
  /** Lend `stakeSun` of stake to the sender for the transfer, then take it back. */
  | { source: 'delegate'; stakeSun: number; costSun: number }
  /** Burn TRX: the sender needs `burnSun` for energy on top of its bandwidth. */
  | { source: 'burn'; burnSun: number; costSun: number };

/** The cheaper way to give a transfer its energy now. */
export function planEnergy(need: EnergyNeed): EnergyPlan {
  const missing = Math.max(0, need.energy - Math.max(0, need.available));
  if (missing === 0) return { source: 'own', costSun: 0 };
  const burnSun = energyBurnSun(need.energy, need.available, need.prices);
  const burn: EnergyPlan = { source: 'burn', burnSun, costSun: burnSun };
  if (!need.staker) return burn;
  const stakeSun = stakeForEnergy(missing, need.prices);
  if (stakeSun > need.staker.lendableSun) return burn;
  const costSun = delegationCostSun(need.staker.bandwidthLeft, need.prices);
  return costSun < burnSun ? { source: 'delegate', stakeSun, costSun } : burn;
}

/** A receipt's TRX cost (gettransactioninfobyid): `fee` is every sun burnt (energy, bandwidth, creation). */
export function receiptCostSun(info: {
  fee?: number;
  receipt?: { energy_fee?: number; net_fee?: number };
}): number {
  if (typeof info.fee === 'number') return info.fee;
  return (info.receipt?.energy_fee ?? 0) + (info.receipt?.net_fee ?? 0);
}
