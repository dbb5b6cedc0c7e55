import { EnergyPlan, planEnergy, receiptCostSun, SUN_PER_TRX, TronPrices } from '@app/domain';
import { TronWeb } from 'tronweb';

/**
 * The energy side of sweeping a deposit address (used by `pnpm tron:sweep`
 * and measured by `pnpm bench:sweep`): how much the USDT transfer to the hot
 * wallet takes, and whether the address gets it as a lend from the staking
 * account (TRON_ENERGY_ACCOUNT_PRIVATE_KEY) or as TRX to burn from the fee
 * account (TRON_SWEEP_FEE_KEY), whichever costs less at the chain's prices
 * now (rules in @app/domain tron-fees). Each step is one transaction the
 * caller sends and waits for, so a batch of addresses moves step by step.
 */

/** `topup`: always TRX; `delegate`: lend whenever the stake has room; `auto`: the cheaper. */
export type SweepStrategy = 'topup' | 'delegate' | 'auto';

/** Burn headroom on the fee limit and top-up, for a slightly low estimate. */
const BURN_MARGIN = 1.05;

export interface SweepStep {
  address: string;
  amount: bigint;
  energy: number;
  plan: EnergyPlan;
  /** TRX (sun) the fee account sends first: a top-up, or 1 sun that creates the account. */
  fundSun: number;
  /** The fee limit of the USDT transfer. */
  feeLimitSun: number;
}

export interface StakerState {
  lendableSun: number;
  bandwidthLeft: number;
}

type Signed = Parameters<TronWeb['trx']['sendRawTransaction']>[0];

interface AccountResources {
  EnergyLimit?: number;
  EnergyUsed?: number;
  NetLimit?: number;
  NetUsed?: number;
  freeNetLimit?: number;
  freeNetUsed?: number;
  TotalEnergyLimit?: number;
  TotalEnergyWeight?: number;
}

export class SweepEnergy {
  readonly stakerAddress: string | null;

  constructor(
    private readonly tw: TronWeb,
    private readonly options: {
      usdt: string;
      hot: string;
      feeKey: string;
      stakerKey?: string;
      strategy: SweepStrategy;
    },
  ) {
    this.stakerAddress = options.stakerKey
      ? TronWeb.address.fromPrivateKey(options.stakerKey) || null
      : null;
  }

  /** The chain's energy and bandwidth prices now, and the energy totals. */
  async prices(): Promise<TronPrices> {
    const params = (await this.tw.trx.getChainParameters()) as { key: string; value?: number }[];
    const value = (key: string, fallback: number) =>
      params.find((p) => p.key === key)?.value ?? fallback;
    // The totals come with any existing account's resources: the staker's, else the fee account's.
    const known = this.stakerAddress ?? TronWeb.address.fromPrivateKey(this.options.feeKey);
    const totals = (await this.tw.trx.getAccountResources(known as string)) as AccountResources;
    return {
      energyFeeSun: value('getEnergyFee', 0),
      transactionFeeSun: value('getTransactionFee', 0),
      totalEnergyLimit: totals.TotalEnergyLimit ?? 0,
      totalEnergyWeight: totals.TotalEnergyWeight ?? 0,
    };
  }

  /** What the staking account can lend now, or undefined when there is none (or top-ups are forced). */
  async staker(): Promise<StakerState | undefined> {
    if (!this.stakerAddress || this.options.strategy === 'topup') return undefined;
    const [max, r] = await Promise.all([
      this.tw.fullNode.request(
        'wallet/getcandelegatedmaxsize',
        { owner_address: this.stakerAddress, type: 1, visible: true },
        'post',
      ) as Promise<{ max_size?: number }>,
      this.tw.trx.getAccountResources(this.stakerAddress) as Promise<AccountResources>,
    ]);
    const bandwidthLeft =
      (r.NetLimit ?? 0) - (r.NetUsed ?? 0) + (r.freeNetLimit ?? 0) - (r.freeNetUsed ?? 0);
    return { lendableSun: max.max_size ?? 0, bandwidthLeft: Math.max(0, bandwidthLeft) };
  }

  /**
   * The plan for one address. `staker` is shared by a batch: what one address
   * is lent, and the bandwidth of its lend, is taken off it for the next.
   */
  async plan(
    address: string,
    amount: bigint,
    prices: TronPrices,
    staker?: StakerState,
  ): Promise<SweepStep> {
    const [estimate, account, resources] = await Promise.all([
      this.tw.transactionBuilder.triggerConstantContract(
        this.options.usdt,
        'transfer(address,uint256)',
        {},
        [
          { type: 'address', value: this.options.hot },
          { type: 'uint256', value: amount.toString() },
        ],
        address,
      ),
      this.tw.trx.getUnconfirmedAccount(address) as Promise<{ balance?: number; address?: string }>,
      this.tw.trx.getAccountResources(address) as Promise<AccountResources>,
    ]);
    const energy = Number((estimate as { energy_used?: number }).energy_used ?? 0);
    const available = (resources.EnergyLimit ?? 0) - (resources.EnergyUsed ?? 0);
    const exists = Boolean(account.address);
    const trx = account.balance ?? 0;
    let plan = planEnergy({ energy, available, prices, staker });
    if (this.options.strategy === 'delegate' && plan.source === 'burn' && staker) {
      // Forced lends (to measure them) whenever the stake has room, cheaper or not.
      const forced = planEnergy({
        energy,
        available,
        prices: { ...prices, transactionFeeSun: 0 },
        staker,
      });
      if (forced.source === 'delegate') plan = forced;
    }
    const burnSun = plan.source === 'burn' ? Math.ceil(plan.burnSun * BURN_MARGIN) : 0;
    if (plan.source === 'delegate' && staker) {
      staker.lendableSun -= plan.stakeSun;
      staker.bandwidthLeft = Math.max(0, staker.bandwidthLeft - 2 * 290);
    }
    const topUp = Math.max(0, burnSun - trx);
    return {
      address,
      amount,
      energy,
      plan,
      fundSun: topUp > 0 ? topUp : exists ? 0 : 1,
      feeLimitSun: Math.max(SUN_PER_TRX, Math.ceil(energy * prices.energyFeeSun * BURN_MARGIN)),
    };
  }

  /** The fee account's TRX to the address (top-up or creation); null when none is needed. */
  async fund(step: SweepStep): Promise<string | null> {
    if (step.fundSun <= 0) return null;
    const tx = await this.tw.transactionBuilder.sendTrx(
      step.address,
      step.fundSun,
      TronWeb.address.fromPrivateKey(this.options.feeKey) as string,
    );
    return this.send(tx, this.options.feeKey);
  }

  /** The staking account lends the step's stake to the address; null for other plans. */
  async lend(step: SweepStep): Promise<string | null> {
    if (step.plan.source !== 'delegate' || !this.options.stakerKey) return null;
    const tx = await this.tw.transactionBuilder.delegateResource(
      step.plan.stakeSun,
      step.address,
      'ENERGY',
      this.stakerAddress!,
    );
    return this.send(tx, this.options.stakerKey);
  }

  /** The USDT transfer to the hot wallet, signed with the address's key; not sent. */
  async signTransfer(step: SweepStep, key: string): Promise<Signed> {
    const { transaction } = await this.tw.transactionBuilder.triggerSmartContract(
      this.options.usdt,
      'transfer(address,uint256)',
      { feeLimit: step.feeLimitSun, txLocal: true },
      [
        { type: 'address', value: this.options.hot },
        { type: 'uint256', value: step.amount.toString() },
      ],
      step.address,
    );
    return (await this.tw.trx.sign(transaction as never, key)) as unknown as Signed;
  }

  /** The stake goes back to the staking account once the transfer is in a block. */
  async takeBack(step: SweepStep): Promise<string | null> {
    if (step.plan.source !== 'delegate' || !this.options.stakerKey) return null;
    return this.undelegate({ address: step.address, stakeSun: step.plan.stakeSun });
  }

  /**
   * Lends of energy the staking account still has out to addresses other
   * than `keep` (the hot wallet, whose lend the API's worker manages): what a
   * sweep run stopped between its lend and the return left behind.
   */
  async leftoverLends(keep: string): Promise<{ address: string; stakeSun: number }[]> {
    if (!this.stakerAddress || !this.options.stakerKey) return [];
    const index = (await this.tw.fullNode.request(
      'wallet/getdelegatedresourceaccountindexv2',
      { value: this.stakerAddress, visible: true },
      'post',
    )) as { toAccounts?: string[] };
    const out: { address: string; stakeSun: number }[] = [];
    for (const address of index.toAccounts ?? []) {
      if (address === keep) continue;
      const lent = (await this.tw.fullNode.request(
        'wallet/getdelegatedresourcev2',
        { fromAddress: this.stakerAddress, toAddress: address, visible: true },
        'post',
      )) as { delegatedResource?: { frozen_balance_for_energy?: number }[] };
      const stakeSun = lent.delegatedResource?.[0]?.frozen_balance_for_energy ?? 0;
      if (stakeSun > 0) out.push({ address, stakeSun });
    }
    return out;
  }

  /** Takes a lend back to the staking account (after a sweep, or left by an earlier run); the tx id. */
  async undelegate(lend: { address: string; stakeSun: number }): Promise<string> {
    const tx = await this.tw.transactionBuilder.undelegateResource(
      lend.stakeSun,
      lend.address,
      'ENERGY',
      this.stakerAddress!,
    );
    return this.send(tx, this.options.stakerKey!);
  }

  /** TRX (sun) a transaction burnt, from its receipt; null while it is not in a block. */
  async costOf(txId: string): Promise<number | null> {
    const info = (await this.tw.trx.getUnconfirmedTransactionInfo(txId)) as {
      id?: string;
      fee?: number;
      receipt?: { energy_fee?: number; net_fee?: number };
    };
    return info?.id ? receiptCostSun(info) : null;
  }

  private async send(tx: unknown, key: string): Promise<string> {
    const signed = (await this.tw.trx.sign(tx as never, key)) as unknown as Signed;
    const res = (await this.tw.trx.sendRawTransaction(signed)) as {
      result?: boolean;
      code?: string;
      message?: string;
    };
    if (!res.result && res.code !== 'DUP_TRANSACTION_ERROR') {
      const message = res.message ? TronWeb.toUtf8(res.message) : '';
      throw new Error(`the node refused ${signed.txID}: ${res.code} ${message}`);
    }
    return signed.txID;
  }
}
