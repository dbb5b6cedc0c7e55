import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { microToNumber } from '@app/domain';
import { DepositsService } from '../deposits/deposits.service';
import { TronClient } from '../../infra/tron/tron.client';
import { HotWallet } from '../../infra/tron/hot-wallet';
import { REFILL_NOTE } from './withdrawal-refill';
import { WithdrawalsRepository } from './withdrawals.repository';

export interface Solvency {
  /** USDT members hold in their E-Wallets. */
  member_money: number;
  /** USDT requested for withdrawal and not yet sent or refunded. */
  pending_withdrawals: number;
  liabilities: number;
  /** USDT on the hot wallet, read from the chain; null when the node is unreachable. */
  hot_wallet_usdt: number | null;
  /** USDT credited to member addresses and not swept to the hot wallet yet. */
  unswept_deposits: number;
  assets: number | null;
  /** assets - liabilities; null when the chain could not be read. */
  surplus: number | null;
  hot_wallet_address: string | null;
  hot_wallet_trx: number | null;
  hot_wallet_energy: number | null;
  /** TRON_COLD_ADDRESS, and the USDT it holds (counted in assets); null without one. */
  cold_wallet_address: string | null;
  cold_wallet_usdt: number | null;
  /** Approved withdrawals that wait for a refill of the hot wallet, and their net USDT. */
  waiting_refill_count: number;
  waiting_refill_usdt: number;
  /** Solidified (and confirmed) head minus the scanner's cursor, in blocks. */
  scanner_lag_blocks: number | null;
  scanner_cursor: number | null;
  chain_error: string | null;
}

/** One read of the chain: the scanner's safe height and the hot wallet (micro-USDT, sun). */
export interface ChainRead {
  at: Date;
  safe: number;
  usdtMicro: bigint;
  /** USDT on the cold account (0 without one). */
  coldMicro: bigint;
  trxSun: bigint;
  energy: number;
}

/**
 * Member liabilities against what the service holds on chain. The liability
 * side comes from the ledger totals the report already computed; the assets
 * from the chain (hot wallet) and the deposit records (unswept addresses).
 */
@Injectable()
export class SolvencyService {
  /** The last successful chain read, for /metrics (which must not call the node per scrape). */
  private last: ChainRead | null = null;
  private reading: Promise<ChainRead> | null = null;
  private lastAttempt = 0;

  constructor(
    private readonly deposits: DepositsService,
    private readonly tron: TronClient,
    private readonly hot: HotWallet,
    private readonly withdrawals: WithdrawalsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async solvency(
    ledgerTotals: { kind: string; owner: string; total: number }[],
  ): Promise<Solvency> {
    const total = (kind: string, owner: string) =>
      ledgerTotals.find((t) => t.kind === kind && t.owner === owner)?.total ?? 0;
    const memberMoney = total('money', 'member');
    const pending = total('pending_withdrawals', 'system');
    const liabilities = round(memberMoney + pending);
    const unswept = microToNumber(await this.deposits.unsweptTotal());
    const cursor = await this.deposits.scanCursor();
    const chain = await this.readChain().catch((error: unknown) => ({
      error: error instanceof Error ? error.message : String(error),
    }));
    const hotUsdt = 'error' in chain ? null : microToNumber(chain.usdtMicro);
    const cold = this.config.TRON_COLD_ADDRESS ?? null;
    const coldUsdt = 'error' in chain || !cold ? null : microToNumber(chain.coldMicro);
    const assets = hotUsdt === null ? null : round(hotUsdt + (coldUsdt ?? 0) + unswept);
    const waiting = await this.withdrawals.waitingForRefill(REFILL_NOTE);
    return {
      member_money: memberMoney,
      pending_withdrawals: pending,
      liabilities,
      hot_wallet_usdt: hotUsdt,
      unswept_deposits: unswept,
      assets,
      surplus: assets === null ? null : round(assets - liabilities),
      hot_wallet_address: this.hot.address,
      hot_wallet_trx: 'error' in chain ? null : microToNumber(chain.trxSun),
      hot_wallet_energy: 'error' in chain ? null : chain.energy,
      cold_wallet_address: cold,
      cold_wallet_usdt: coldUsdt,
      waiting_refill_count: waiting.count,
      waiting_refill_usdt: microToNumber(waiting.net),
      scanner_cursor: cursor,
      scanner_lag_blocks:
        'error' in chain || cursor === null ? null : Math.max(0, chain.safe - cursor),
      chain_error: 'error' in chain ? chain.error : null,
    };
  }

  /**
   * The last chain read, read anew only when the last attempt (failed ones
   * too: a down node is not asked per call) is older than `maxAgeMs`; null
   * when no read succeeded yet.
   */
  async cachedChain(maxAgeMs: number): Promise<ChainRead | null> {
    if (Date.now() - this.lastAttempt < maxAgeMs) return this.last;
    this.lastAttempt = Date.now();
    return this.readChain().catch(() => this.last);
  }

  /** The last successful read, however old. */
  lastChainRead(): ChainRead | null {
    return this.last;
  }

  private readChain(): Promise<ChainRead> {
    this.reading ??= this.readChainNow().finally(() => (this.reading = null));
    return this.reading;
  }

  private async readChainNow(): Promise<ChainRead> {
    const safe = await this.deposits.safeHeight();
    const [usdtMicro, resources] = this.hot.address
      ? await Promise.all([
          this.tron.usdtBalance(this.hot.address),
          this.tron.resources(this.hot.address),
        ])
      : [0n, { trxSun: 0n, energy: 0 }];
    const cold = this.config.TRON_COLD_ADDRESS;
    const coldMicro = cold ? await this.tron.usdtBalance(cold) : 0n;
    this.last = {
      at: new Date(),
      safe,
      usdtMicro,
      coldMicro,
      trxSun: resources.trxSun,
      energy: resources.energy,
    };
    return this.last;
  }
}

/** Sums of 6-decimal figures, kept at 6 decimals. */
const round = (n: number) => Math.round(n * 1e6) / 1e6;
