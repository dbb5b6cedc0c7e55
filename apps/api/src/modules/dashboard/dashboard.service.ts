import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DEPOSITS_QUEUE } from '../deposits/deposits.service';
import { MAINTENANCE_QUEUE } from '../../infra/jobs/queues';
import { LedgerReportService } from '../ledger/ledger-report.service';
import { TrailersService } from '../trailers/trailers.service';
import { UsersService } from '../users/users.service';
import { SolvencyService } from '../withdrawals/solvency.service';
import { HealthFiguresService } from '../metrics/health-figures.service';
import { DashboardResponse, HealthFiguresView, QueueHealth } from './dashboard.dto';

/**
 * How the business is doing, per day: money figures come from the ledger's
 * postings on the system accounts (so they add up to the ledger report),
 * members from their own tables; with solvency and the queues' health.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly ledger: LedgerReportService,
    private readonly users: UsersService,
    private readonly trailers: TrailersService,
    private readonly solvency: SolvencyService,
    private readonly figures: HealthFiguresService,
    @InjectQueue(DEPOSITS_QUEUE) private readonly deposits: Queue,
    @InjectQueue(MAINTENANCE_QUEUE) private readonly maintenance: Queue,
  ) {}

  async dashboard(days: number): Promise<DashboardResponse> {
    const [flows, signups, active, sales, report, queues] = await Promise.all([
      this.ledger.dailyFlows(days),
      this.users.dailySignups(days),
      this.trailers.dailyActive(days),
      this.ledger.dailyPackageSales(days),
      this.ledger.report(),
      Promise.all([this.deposits, this.maintenance].map((queue) => this.health(queue))),
    ]);
    const count = (rows: { day: string; count: number }[], day: string) =>
      rows.find((row) => row.day === day)?.count ?? 0;
    return {
      days: flows.map((flow) => ({
        ...flow,
        new_members: count(signups, flow.day),
        active_members: count(active, flow.day),
      })),
      package_sales: sales,
      solvency: await this.solvency.solvency(report.totals),
      queues,
    };
  }

  /** The figures the alerts watch, as /metrics has them; ages in whole seconds. */
  async healthFigures(): Promise<HealthFiguresView> {
    const f = await this.figures.figures();
    const now = Date.now();
    const whole = (v: number | null) => (v === null ? null : Math.floor(v));
    return {
      as_of: new Date(now).toISOString(),
      scanner_lag_seconds: whole(f.scannerLagSeconds),
      hot_wallet_days_left:
        f.hotWalletDaysLeft === null ? null : Math.floor(f.hotWalletDaysLeft * 10) / 10,
      mail_outbox_oldest_seconds: whole(f.mailOutboxOldestSeconds),
      last_proof_at:
        f.proofAgeSeconds === null ? null : new Date(now - f.proofAgeSeconds * 1000).toISOString(),
      last_proof_age_seconds: whole(f.proofAgeSeconds),
      ledger_balanced: f.ledgerBalanced,
      replica_lag_seconds:
        f.replicaLagSeconds === null ? null : Math.round(f.replicaLagSeconds * 10) / 10,
    };
  }

  /** A queue Redis cannot answer for shows -1s rather than failing the page. */
  private async health(queue: Queue): Promise<QueueHealth> {
    try {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
      return {
        name: queue.name,
        waiting: counts.waiting ?? 0,
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
        failed: counts.failed ?? 0,
      };
    } catch {
      return { name: queue.name, waiting: -1, active: -1, delayed: -1, failed: -1 };
    }
  }
}
