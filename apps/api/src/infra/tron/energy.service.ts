import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  bandwidthBurnSun,
  planEnergy,
  stakeForEnergy,
  TRANSFER_TX_BYTES,
  TronPrices,
} from '@app/domain';
import { TronWeb } from 'tronweb';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { HotWallet } from './hot-wallet';
import { TronClient } from './tron.client';

/** The energy of a USDT transfer to a new holder (the most a sweep or withdrawal takes), for the warnings. */
const TRANSFER_ENERGY = 65_000;

/** Whether the next transfers can be paid, for /metrics and the console. */
export interface FundsState {
  /** The staking account's energy left, and the stake it can lend now; null without one. */
  stakerEnergy: number | null;
  stakerLendableSun: number | null;
  /** The next withdrawal's energy: the hot wallet's own, TRX up to the fee limit, or a lend. */
  withdrawalsPayable: boolean | null;
  /** A sweep's energy can be lent now; null without a staking account (the sweep tool's fee account pays). */
  sweepsLendable: boolean | null;
}

/** How long a sent lend may take to show on the receiver before another is tried. */
const LEND_WAIT_MS = 60_000;
/** The chain's prices are read again after this long. */
const PRICES_TTL_MS = 60_000;

export type EnergyReadiness =
  { ready: true; source: 'own' | 'burn' } | { ready: false; note: string };

interface Resources {
  EnergyLimit?: number;
  EnergyUsed?: number;
  NetLimit?: number;
  NetUsed?: number;
  freeNetLimit?: number;
  freeNetUsed?: number;
  TotalEnergyLimit?: number;
  TotalEnergyWeight?: number;
}

/**
 * Energy for the hot wallet's transfers (worker). Before a withdrawal is
 * signed: the hot wallet's own energy if it has enough; else, when the
 * staking account (TRON_ENERGY_ACCOUNT_PRIVATE_KEY) can lend it for less
 * than the TRX it would burn at the chain's price now, a lend
 * (DelegateResource) and the withdrawal waits for it; else TRX is burnt
 * (up to TRON_FEE_LIMIT_SUN). When nothing is left to send, what was lent is
 * taken back (UnDelegateResource), so the stake serves the sweeps too.
 */
@Injectable()
export class EnergyService {
  private readonly logger = new Logger(EnergyService.name);
  readonly stakerAddress: string | null;
  private readonly stakerKey: string | null;
  private prices: { at: number; value: TronPrices } | null = null;
  private lendSentAt = 0;
  private funds: { at: number; value: FundsState } | null = null;

  constructor(
    private readonly tron: TronClient,
    private readonly hot: HotWallet,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const key = config.TRON_ENERGY_ACCOUNT_PRIVATE_KEY?.replace(/^0x/, '') ?? null;
    this.stakerKey = key || null;
    this.stakerAddress = key ? TronWeb.address.fromPrivateKey(key) || null : null;
  }

  /** The chain's energy and bandwidth prices, read at most once a minute. */
  async chainPrices(): Promise<TronPrices> {
    if (this.prices && Date.now() - this.prices.at < PRICES_TTL_MS) return this.prices.value;
    const params = (await this.tron.web.trx.getChainParameters()) as {
      key: string;
      value?: number;
    }[];
    const value = (key: string) => params.find((p) => p.key === key)?.value ?? 0;
    const known = this.stakerAddress ?? this.config.TRON_USDT_CONTRACT;
    const totals = (await this.tron.web.trx.getAccountResources(known)) as Resources;
    const prices: TronPrices = {
      energyFeeSun: value('getEnergyFee'),
      transactionFeeSun: value('getTransactionFee'),
      totalEnergyLimit: totals.TotalEnergyLimit ?? 0,
      totalEnergyWeight: totals.TotalEnergyWeight ?? 0,
    };
    this.prices = { at: Date.now(), value: prices };
    return prices;
  }

  /** Whether `from` can send `amount` USDT to `to` now, lending it energy first when that is cheaper. */
  async prepare(from: string, to: string, amount: bigint): Promise<EnergyReadiness> {
    const [estimate, own] = await Promise.all([
      this.tron.web.transactionBuilder.triggerConstantContract(
        this.config.TRON_USDT_CONTRACT,
        'transfer(address,uint256)',
        {},
        [
          { type: 'address', value: to },
          { type: 'uint256', value: amount.toString() },
        ],
        from,
      ),
      this.tron.resources(from),
    ]);
    const energy = Number((estimate as { energy_used?: number }).energy_used ?? 0);
    const prices = await this.chainPrices();
    const staker = await this.stakerState();
    const plan = planEnergy({ energy, available: own.energy, prices, staker });
    // Bandwidth is burnt as TRX when the free and staked bytes are gone: without that TRX the
    // node refuses the transfer (BANDWITH_ERROR), so it waits instead of failing.
    const bandwidthSun = BigInt(bandwidthBurnSun(TRANSFER_TX_BYTES, own.bandwidth, prices));
    if (own.trxSun < bandwidthSun) {
      return { ready: false, note: 'waiting: the hot wallet lacks TRX for the bandwidth' };
    }
    if (plan.source === 'own') return { ready: true, source: 'own' };
    if (plan.source === 'delegate') {
      if (Date.now() - this.lendSentAt < LEND_WAIT_MS) {
        return { ready: false, note: 'waiting: energy lent by the staking account is on its way' };
      }
      await this.send('delegate', plan.stakeSun, from);
      this.lendSentAt = Date.now();
      return { ready: false, note: 'waiting: energy lent by the staking account is on its way' };
    }
    if (own.trxSun < BigInt(this.config.TRON_FEE_LIMIT_SUN) + bandwidthSun) {
      return { ready: false, note: 'waiting: the hot wallet lacks TRX or energy for the fee' };
    }
    return { ready: true, source: 'burn' };
  }

  /** Takes back everything the staking account lent `receiver` (nothing left to send). */
  async release(receiver: string): Promise<void> {
    if (!this.stakerAddress || !this.stakerKey) return;
    const answer = (await this.tron.web.fullNode.request(
      'wallet/getdelegatedresourcev2',
      { fromAddress: this.stakerAddress, toAddress: receiver, visible: true },
      'post',
    )) as { delegatedResource?: { frozen_balance_for_energy?: number }[] };
    const lent = answer.delegatedResource?.[0]?.frozen_balance_for_energy ?? 0;
    if (lent > 0) {
      await this.send('undelegate', lent, receiver);
      this.lendSentAt = 0;
    }
  }

  /** FundsState, read from the node at most once per `maxAgeMs`. */
  async fundsState(maxAgeMs: number): Promise<FundsState> {
    if (this.funds && Date.now() - this.funds.at < maxAgeMs) return this.funds.value;
    const [prices, staker, stakerRes, hot] = await Promise.all([
      this.chainPrices(),
      this.stakerState(),
      this.stakerAddress ? this.tron.resources(this.stakerAddress) : null,
      this.hot.address ? this.tron.resources(this.hot.address) : null,
    ]);
    const lendable = staker ? staker.lendableSun >= stakeForEnergy(TRANSFER_ENERGY, prices) : null;
    const value: FundsState = {
      stakerEnergy: stakerRes?.energy ?? null,
      stakerLendableSun: staker?.lendableSun ?? null,
      withdrawalsPayable: hot
        ? hot.energy >= TRANSFER_ENERGY ||
          hot.trxSun >= BigInt(this.config.TRON_FEE_LIMIT_SUN) ||
          lendable === true
        : null,
      sweepsLendable: lendable,
    };
    this.funds = { at: Date.now(), value };
    return value;
  }

  /** What the staking account can lend now, or undefined without one. */
  async stakerState(): Promise<{ lendableSun: number; bandwidthLeft: number } | undefined> {
    if (!this.stakerAddress) return undefined;
    const [max, r] = await Promise.all([
      this.tron.web.fullNode.request(
        'wallet/getcandelegatedmaxsize',
        { owner_address: this.stakerAddress, type: 1, visible: true },
        'post',
      ) as Promise<{ max_size?: number }>,
      this.tron.web.trx.getAccountResources(this.stakerAddress) as Promise<Resources>,
    ]);
    const bandwidth =
      (r.NetLimit ?? 0) - (r.NetUsed ?? 0) + (r.freeNetLimit ?? 0) - (r.freeNetUsed ?? 0);
    return { lendableSun: max.max_size ?? 0, bandwidthLeft: Math.max(0, bandwidth) };
  }

  private async send(kind: 'delegate' | 'undelegate', sun: number, receiver: string) {
    const builder = this.tron.web.transactionBuilder;
    const tx =
      kind === 'delegate'
        ? await builder.delegateResource(sun, receiver, 'ENERGY', this.stakerAddress!)
        : await builder.undelegateResource(sun, receiver, 'ENERGY', this.stakerAddress!);
    const signed = await this.tron.web.trx.sign(tx as never, this.stakerKey!);
    const answer = (await this.tron.web.trx.sendRawTransaction(signed as never)) as {
      result?: boolean;
      code?: string;
    };
    if (!answer.result && answer.code !== 'DUP_TRANSACTION_ERROR') {
      throw new Error(`the node refused the ${kind} of energy: ${answer.code}`);
    }
    this.logger.log(
      `${kind}d ${sun / 1e6} TRX of energy stake ${kind === 'delegate' ? 'to' : 'from'} ${receiver}`,
    );
  }
}
