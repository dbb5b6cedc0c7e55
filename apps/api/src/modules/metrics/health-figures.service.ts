import { Inject, Injectable } from '@nestjs/common';
import { within } from '../../common/within';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import { replicaLagSeconds } from '../../database/replica-lag';
import { HotWallet } from '../../infra/tron/hot-wallet';
import { TronCostsService } from '../../infra/tron/tron-costs.service';
import { DepositsService } from '../deposits/deposits.service';
import { LedgerAuditService, isBalanced } from '../ledger/ledger-audit.service';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { ProofsService } from '../proofs/proofs.service';
import { SolvencyService } from '../withdrawals/solvency.service';

/** How long one read waits for its source; one that does not answer shows as unknown. */
const SOURCE_WAIT_MS = 2000;

/**
 * The figures the alerts (ops/prometheus/rules) and the console's home watch.
 * An unknown figure (its source did not answer, or it does not apply) is null,
 * never a reassuring 0.
 */
export interface HealthFigures {
  /** Seconds since the deposit scanner last stood at the chain's safe head; null: no scanner. */
  scannerLagSeconds: number | null;
  scannerCursor: number | null;
  /** Seconds the oldest mail still to send has waited (0: none waits). */
  mailOutboxOldestSeconds: number | null;
  /** Seconds since the newest proof of liabilities; null: none yet. */
  proofAgeSeconds: number | null;
  /** Whether the ledger balances (every transaction, every currency's sum). */
  ledgerBalanced: boolean | null;
  ledgerUnbalancedTransactions: number | null;
  /** Seconds the reports' replica is behind (0 without a replica). */
  replicaLagSeconds: number | null;
  /** What the last 24 hours of withdrawals cost the hot wallet. */
  withdrawalsDay: { feeSun: bigint; ownEnergy: bigint; transactions: number } | null;
  /** The hot wallet at the last chain read; null: no hot wallet, or never read. */
  hotWallet: { trxSun: bigint; energy: number } | null;
  /**
   * Days of withdrawals at the last 24 hours' rate that the hot wallet's TRX
   * and its own energy still cover (the smaller); null when either is unknown,
   * or the last day's withdrawals took neither.
   */
  hotWalletDaysLeft: number | null;
}

/** What one read of PostgreSQL found, with ages as of `at` (this process's clock). */
interface Facts {
  at: number;
  scanner: { block: number; caughtUpSecondsAgo: number } | null | undefined;
  outboxAge: number | undefined;
  proofAge: number | null | undefined;
  ledger: { balanced: boolean; unbalanced: number } | undefined;
  replicaLag: number | undefined;
  withdrawalsDay: HealthFigures['withdrawalsDay'] | undefined;
}

/** `promise`'s value, or undefined when it failed or took longer than SOURCE_WAIT_MS. */
const settle = <T>(promise: Promise<T>): Promise<T | undefined> =>
  within(promise, SOURCE_WAIT_MS).catch(() => undefined);

/**
 * Reads the health figures for /metrics and the console, PostgreSQL at most
 * every METRICS_DB_REFRESH_SECONDS (one read at a time) and the chain through
 * the solvency view's cached read; the ages are kept as "seconds ago at the
 * read" and aged by this process's clock, so they grow by themselves between
 * reads and do not depend on the database's clock agreeing with ours.
 */
@Injectable()
export class HealthFiguresService {
  private facts: Facts | null = null;
  private reading: Promise<Facts> | null = null;

  constructor(
    private readonly deposits: DepositsService,
    private readonly outbox: MailOutboxService,
    private readonly proofs: ProofsService,
    private readonly ledgerAudit: LedgerAuditService,
    private readonly costs: TronCostsService,
    private readonly solvency: SolvencyService,
    private readonly hot: HotWallet,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async figures(): Promise<HealthFigures> {
    const [facts, chain] = await Promise.all([this.currentFacts(), this.chain()]);
    const aged = (seconds: number | null | undefined) =>
      seconds === null || seconds === undefined ? null : seconds + (Date.now() - facts.at) / 1000;
    const scannerOn =
      Boolean(this.config.TRON_DEPOSIT_XPUB) && this.config.TRON_SCAN_INTERVAL_MS > 0;
    const hotWallet = chain ? { trxSun: chain.trxSun, energy: chain.energy } : null;
    const day = facts.withdrawalsDay ?? null;
    return {
      scannerLagSeconds: scannerOn ? aged(facts.scanner?.caughtUpSecondsAgo) : null,
      scannerCursor: facts.scanner?.block ?? null,
      // An empty outbox stays 0 until the next read; a waiting mail ages.
      mailOutboxOldestSeconds: facts.outboxAge === 0 ? 0 : aged(facts.outboxAge),
      proofAgeSeconds: aged(facts.proofAge),
      ledgerBalanced: facts.ledger?.balanced ?? null,
      ledgerUnbalancedTransactions: facts.ledger?.unbalanced ?? null,
      replicaLagSeconds: facts.replicaLag ?? null,
      withdrawalsDay: day,
      hotWallet,
      hotWalletDaysLeft: daysLeft(hotWallet, day),
    };
  }

  /** The hot wallet at the last chain read (the node asked at most every METRICS_CHAIN_REFRESH_SECONDS). */
  private async chain() {
    const refreshMs = this.config.METRICS_CHAIN_REFRESH_SECONDS * 1000;
    if (refreshMs === 0) return null;
    const read = await within(this.solvency.cachedChain(refreshMs), SOURCE_WAIT_MS).catch(() =>
      this.solvency.lastChainRead(),
    );
    return read && this.hot.address ? read : null;
  }

  private currentFacts(): Promise<Facts> {
    const maxAgeMs = this.config.METRICS_DB_REFRESH_SECONDS * 1000;
    if (this.facts && Date.now() - this.facts.at < maxAgeMs) return Promise.resolve(this.facts);
    this.reading ??= this.readFacts().finally(() => (this.reading = null));
    return this.reading;
  }

  private async readFacts(): Promise<Facts> {
    const at = Date.now();
    const [scanner, outboxAge, proofAge, ledger, replicaLag, withdrawalsDay] = await Promise.all([
      settle(this.deposits.scanState()),
      settle(this.outbox.oldestPendingSeconds()),
      settle(this.proofs.newestAgeSeconds()),
      settle(
        this.ledgerAudit
          .figures()
          .then((f) => ({ balanced: isBalanced(f), unbalanced: f.unbalanced_transactions })),
      ),
      settle(replicaLagSeconds(this.reports)),
      settle(this.costs.withdrawalsLastDay()),
    ]);
    this.facts = { at, scanner, outboxAge, proofAge, ledger, replicaLag, withdrawalsDay };
    return this.facts;
  }
}

/** The smaller of what the TRX and the own energy cover, in days of the last day's use. */
export function daysLeft(
  hot: HealthFigures['hotWallet'],
  day: HealthFigures['withdrawalsDay'],
): number | null {
  if (!hot || !day) return null;
  const cover = [
    day.feeSun > 0n ? Number(hot.trxSun) / Number(day.feeSun) : null,
    day.ownEnergy > 0n ? hot.energy / Number(day.ownEnergy) : null,
  ].filter((days): days is number => days !== null);
  return cover.length === 0 ? null : Math.min(...cover);
}
