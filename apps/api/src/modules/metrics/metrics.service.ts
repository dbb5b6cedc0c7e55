import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Gauge } from 'prom-client';
import { metricsRegistry } from '../../infra/metrics/metrics';
import { within } from '../../common/within';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { DEPOSITS_QUEUE, DepositsService } from '../deposits/deposits.service';
import { MAINTENANCE_QUEUE } from '../../infra/jobs/queues';
import { MAIL_QUEUE } from '../mail/mail-outbox.service';
import { HealthFiguresService } from './health-figures.service';
import { EnergyService } from '../../infra/tron/energy.service';
import { HotWallet } from '../../infra/tron/hot-wallet';
import { SolvencyService } from '../withdrawals/solvency.service';
import { PENDING_STATUSES, WithdrawalsService } from '../withdrawals/withdrawals.service';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** How long a scrape waits for each source (a chain read: before serving the last one). */
const SOURCE_WAIT_MS = 2000;

const gauge = (name: string, help: string, labelNames: string[] = []) =>
  new Gauge({ name, help, labelNames, registers: [metricsRegistry] });

// Defined once per process; refresh() sets them from the current app's services.
const queueJobs = gauge('bullmq_queue_jobs', 'Jobs per BullMQ queue and state', ['queue', 'state']);
const pendingCount = gauge(
  'withdrawals_pending',
  'Withdrawals whose amount is held (not confirmed on chain nor refunded), by status',
  ['status'],
);
const pendingMicro = gauge(
  'withdrawals_pending_micro_usdt',
  'Sum of those withdrawals in micro-USDT, by status',
  ['status'],
);
const scannerCursor = gauge('deposit_scanner_cursor_block', "The deposit scanner's stored cursor");
const chainSafe = gauge(
  'tron_safe_block',
  'Solidified and confirmed chain head at the last chain read',
);
const scannerLag = gauge(
  'deposit_scanner_lag_blocks',
  'Safe chain head (last chain read) minus the stored scanner cursor',
);
const chainReadAge = gauge('tron_chain_read_age_seconds', 'Age of the last successful chain read');
const hotUsdt = gauge('hot_wallet_usdt_micro', 'Hot wallet USDT at the last chain read (micro)');
const hotTrx = gauge('hot_wallet_trx_sun', 'Hot wallet TRX at the last chain read (sun)');
const hotEnergy = gauge('hot_wallet_energy', 'Hot wallet energy left at the last chain read');
const stakerEnergy = gauge(
  'tron_energy_account_energy',
  'Energy left on the staking account (TRON_ENERGY_ACCOUNT_PRIVATE_KEY); NaN without one',
);
const stakerLendable = gauge(
  'tron_energy_account_lendable_sun',
  'Stake (sun) the staking account can lend now; NaN without one',
);
const withdrawalsPayable = gauge(
  'tron_withdrawal_fees_payable',
  '1 when the next withdrawal can pay its energy (hot wallet energy, TRX up to the fee limit, or a lend); 0: it cannot',
);
const sweepsLendable = gauge(
  'tron_sweep_energy_lendable',
  "1 when the staking account can lend a sweep's energy now, 0 when it cannot; NaN without one",
);

const scannerLagSeconds = gauge(
  'deposit_scanner_lag_seconds',
  "Seconds since the deposit scanner last stood at the chain's safe head (grows while it is stopped, failing or behind); NaN without a scanner",
);
const outboxOldest = gauge(
  'mail_outbox_oldest_pending_seconds',
  'Seconds the oldest mail still to send (queued or sending) has waited; 0 when none waits',
);
const proofAge = gauge(
  'proof_last_age_seconds',
  'Seconds since the newest proof of liabilities; NaN before the first or with PROOF_INTERVAL_HOURS=0',
);
const ledgerBalanced = gauge(
  'ledger_balanced',
  '1 when every ledger transaction balances and every currency sums to zero (incremental audit), 0 when not',
);
const ledgerUnbalanced = gauge(
  'ledger_unbalanced_transactions',
  'Ledger transactions whose postings do not balance (incremental audit and its findings)',
);
const replicaLag = gauge(
  'database_replica_lag_seconds',
  'Seconds the reports replica (DATABASE_REPLICA_URL) is behind the primary; 0 without one',
);
const dayFeeSun = gauge(
  'tron_withdrawals_day_fee_sun',
  'TRX (sun) the withdrawals of the last 24 hours burnt',
);
const dayOwnEnergy = gauge(
  'tron_withdrawals_day_own_energy',
  "Energy the withdrawals of the last 24 hours took from the hot wallet's own energy (not burnt for)",
);

/**
 * The scrape-time gauges: cheap reads of PostgreSQL (grouped by an index)
 * and Redis on every scrape; the TRON node at most every
 * METRICS_CHAIN_REFRESH_SECONDS, through the solvency view's cached read. A
 * value whose source did not answer is NaN (or its labelled series left
 * out), never a reassuring 0.
 */
@Injectable()
export class MetricsService {
  constructor(
    private readonly withdrawals: WithdrawalsService,
    private readonly deposits: DepositsService,
    private readonly solvency: SolvencyService,
    private readonly hot: HotWallet,
    private readonly energy: EnergyService,
    private readonly health: HealthFiguresService,
    @InjectQueue(DEPOSITS_QUEUE) private readonly depositsQueue: Queue,
    @InjectQueue(MAINTENANCE_QUEUE) private readonly maintenanceQueue: Queue,
    @InjectQueue(MAIL_QUEUE) private readonly mailQueue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async render(): Promise<string> {
    await Promise.all([this.queues(), this.pending(), this.chain(), this.healthFigures()]);
    return metricsRegistry.metrics();
  }

  get contentType(): string {
    return metricsRegistry.contentType;
  }

  private async queues() {
    queueJobs.reset();
    await Promise.all(
      [this.depositsQueue, this.maintenanceQueue, this.mailQueue].map(async (queue) => {
        // BullMQ waits for a lost Redis to come back; the scrape does not.
        const counts = await within(queue.getJobCounts(...QUEUE_STATES), SOURCE_WAIT_MS).catch(
          () => null,
        );
        for (const state of QUEUE_STATES)
          if (counts) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
      }),
    );
  }

  private async pending() {
    pendingCount.reset();
    pendingMicro.reset();
    const rows = await within(this.withdrawals.pendingTotals(), SOURCE_WAIT_MS).catch(() => null);
    if (!rows) return;
    for (const status of PENDING_STATUSES) {
      const row = rows.find((r) => r.status === status);
      pendingCount.set({ status }, row?.count ?? 0);
      // Exact up to 2^53 micro-USDT (9 billion USDT).
      pendingMicro.set({ status }, Number(row?.amount ?? 0n));
    }
  }

  private async healthFigures() {
    const f = await this.health.figures();
    const known = (v: number | bigint | null | undefined) =>
      v === null || v === undefined ? NaN : Number(v);
    scannerLagSeconds.set(known(f.scannerLagSeconds));
    outboxOldest.set(known(f.mailOutboxOldestSeconds));
    proofAge.set(this.config.PROOF_INTERVAL_HOURS > 0 ? known(f.proofAgeSeconds) : NaN);
    ledgerBalanced.set(f.ledgerBalanced === null ? NaN : f.ledgerBalanced ? 1 : 0);
    ledgerUnbalanced.set(known(f.ledgerUnbalancedTransactions));
    replicaLag.set(known(f.replicaLagSeconds));
    dayFeeSun.set(known(f.withdrawalsDay?.feeSun));
    dayOwnEnergy.set(known(f.withdrawalsDay?.ownEnergy));
  }

  private async chain() {
    const refreshMs = this.config.METRICS_CHAIN_REFRESH_SECONDS * 1000;
    const [cursor, read] = await Promise.all([
      within(this.deposits.scanCursor(), SOURCE_WAIT_MS).catch(() => null),
      refreshMs > 0
        ? // A slow node never holds the scrape: the last read serves meanwhile.
          within(this.solvency.cachedChain(refreshMs), SOURCE_WAIT_MS).catch(() =>
            this.solvency.lastChainRead(),
          )
        : null,
    ]);
    // A source that did not answer shows NaN, not the last scrape's value.
    scannerCursor.set(cursor ?? NaN);
    chainSafe.set(read?.safe ?? NaN);
    scannerLag.set(read && cursor !== null ? Math.max(0, read.safe - cursor) : NaN);
    chainReadAge.set(read ? (Date.now() - read.at.getTime()) / 1000 : NaN);
    const wallet = read && this.hot.address ? read : null;
    hotUsdt.set(wallet ? Number(wallet.usdtMicro) : NaN);
    hotTrx.set(wallet ? Number(wallet.trxSun) : NaN);
    hotEnergy.set(wallet ? wallet.energy : NaN);
    const funds =
      refreshMs > 0
        ? await within(this.energy.fundsState(refreshMs), SOURCE_WAIT_MS).catch(() => null)
        : null;
    const flag = (v: boolean | null | undefined) =>
      v === null || v === undefined ? NaN : v ? 1 : 0;
    stakerEnergy.set(funds?.stakerEnergy ?? NaN);
    stakerLendable.set(funds?.stakerLendableSun ?? NaN);
    withdrawalsPayable.set(flag(funds?.withdrawalsPayable));
    sweepsLendable.set(flag(funds?.sweepsLendable));
  }
}
