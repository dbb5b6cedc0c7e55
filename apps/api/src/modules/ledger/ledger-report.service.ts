import { Injectable } from '@nestjs/common';
import { microToNumber, type StatementKind } from '@app/domain';
import { PAYOUT_KINDS } from './ledger.accounts';
import { LedgerAuditRepository } from './ledger-audit.repository';
import { LedgerAuditService, isBalanced, isConsistent } from './ledger-audit.service';
import { LedgerRepository } from './ledger.repository';

export interface LedgerReport {
  /** Every currency sums to zero and every transaction balances (incremental audit). */
  balanced: boolean;
  /** Every cached balance and earnings figure equals its postings (incremental audit). */
  consistent: boolean;
  unbalanced_transactions: number;
  mismatched_accounts: number;
  mismatched_earnings: number;
  negative_member_accounts: number;
  transactions: number;
  postings: number;
  totals: { kind: string; currency: string; owner: 'member' | 'system'; total: number }[];
  /** The verified point the figures above start from (postings after it were checked now). */
  checkpoint: { posting_id: number; at: string };
  /** The scheduled re-check of the whole ledger, or null before the first. */
  last_full_audit: LastFullAudit | null;
}

export interface LastFullAudit {
  started_at: string;
  finished_at: string;
  through_posting_id: number;
  balanced: boolean;
  consistent: boolean;
  unbalanced_transactions: number;
  mismatched_accounts: number;
  mismatched_earnings: number;
  negative_member_accounts: number;
  checkpoint_mismatches: number;
  rollup_mismatches: number;
}

export interface MemberPosting {
  id: number;
  transaction_id: number;
  kind: string;
  /** The movement as the member's statement names it (a reward to an upline is a commission). */
  movement: StatementKind;
  /** The member the transaction is about (whose watch paid a commission); null for the system's. */
  transaction_user_id: number | null;
  account: string;
  currency: string;
  amount: number;
  memo: Record<string, unknown>;
  created_at: string;
}

/** Per UTC day, what moved through the system accounts, as members gained or paid it. */
export interface DailyFlow {
  day: string;
  deposits: number;
  card_deposits: number;
  withdrawals: number;
  fees: number;
  rewards: number;
  commissions: number;
  vip_sales: number;
}

/** One UTC day's payouts by where they came from, micro-USDT. */
export interface DailyPayout {
  day: string;
  total: bigint;
  fromSponsorFunds: bigint;
  fromClubRevenue: bigint;
}

/** The system accounts the dashboard charts, each read with the sign that makes it positive. */
const FLOW_ACCOUNTS: Record<Exclude<keyof DailyFlow, 'day'>, { kind: string; sign: 1 | -1 }> = {
  deposits: { kind: 'deposits', sign: -1 },
  card_deposits: { kind: 'card_deposits', sign: -1 },
  withdrawals: { kind: 'withdrawals', sign: 1 },
  fees: { kind: 'fees', sign: 1 },
  rewards: { kind: 'rewards', sign: -1 },
  commissions: { kind: 'team_commissions', sign: -1 },
  vip_sales: { kind: 'vip_sales', sign: 1 },
};

/**
 * The operator's view of the ledger: the incremental audit (the latest
 * checkpoint plus what came after it, LedgerAuditService) with the last full
 * audit beside it, and the daily figures from the rollups.
 */
@Injectable()
export class LedgerReportService {
  constructor(
    private readonly repository: LedgerRepository,
    private readonly auditRepository: LedgerAuditRepository,
    private readonly audit: LedgerAuditService,
  ) {}

  async report(): Promise<LedgerReport> {
    const [figures, lastFull] = await Promise.all([
      this.audit.figures(),
      this.audit.lastFullAudit(),
    ]);
    const balanced = isBalanced(figures);
    const consistent = isConsistent(figures);
    return {
      balanced,
      consistent,
      unbalanced_transactions: figures.unbalanced_transactions,
      mismatched_accounts: figures.mismatched_accounts,
      mismatched_earnings: figures.mismatched_earnings,
      negative_member_accounts: figures.negative_member_accounts,
      transactions: figures.transactions,
      postings: figures.postings,
      totals: figures.totals.map((row) => ({ ...row, total: microToNumber(BigInt(row.total)) })),
      checkpoint: {
        posting_id: Number(figures.checkpoint.posting_id),
        at: figures.checkpoint.created_at.toISOString(),
      },
      last_full_audit: lastFull
        ? {
            started_at: lastFull.started_at,
            finished_at: lastFull.finished_at,
            through_posting_id: lastFull.through_posting_id,
            balanced: lastFull.balanced,
            consistent: lastFull.consistent,
            unbalanced_transactions: lastFull.unbalanced_transactions,
            mismatched_accounts: lastFull.mismatched_accounts,
            mismatched_earnings: lastFull.mismatched_earnings,
            negative_member_accounts: lastFull.negative_member_accounts,
            checkpoint_mismatches: lastFull.checkpoint_mismatches,
            rollup_mismatches: lastFull.rollup_mismatches,
          }
        : null,
    };
  }

  /** A member's latest postings with their transaction's kind and memo. */
  async postingsOf(userId: number, limit = 50): Promise<MemberPosting[]> {
    const rows = await this.repository.postingsOf(userId, limit);
    return rows.map((r) => ({
      id: Number(r.id),
      transaction_id: Number(r.transaction_id),
      kind: r.kind,
      movement: r.movement,
      transaction_user_id: r.transaction_user_id,
      account: r.account,
      currency: r.currency,
      amount: microToNumber(BigInt(r.amount)),
      memo: r.memo,
      created_at: r.created_at.toISOString(),
    }));
  }

  /**
   * Per UTC day over the last `days` days (today included, empty days as
   * zeros), the postings on the system accounts of FLOW_ACCOUNTS: the same
   * rows the ledger report totals, so the charts add up to the ledger. Read
   * from the daily rollups up to the checkpoint and from the few postings
   * after it, in one statement (one snapshot), never by scanning history.
   */
  async dailyFlows(days: number): Promise<DailyFlow[]> {
    const kinds = Object.values(FLOW_ACCOUNTS).map((f) => f.kind);
    const rows = await this.audit.withCheckpoint((runner, cp) =>
      this.auditRepository.dailyFlows(runner, days, kinds, cp.posting_id),
    );
    const byDay = new Map<string, DailyFlow>();
    for (const row of rows) {
      const flow =
        byDay.get(row.day) ??
        ({
          day: row.day,
          deposits: 0,
          card_deposits: 0,
          withdrawals: 0,
          fees: 0,
          rewards: 0,
          commissions: 0,
          vip_sales: 0,
        } as DailyFlow);
      byDay.set(row.day, flow);
      for (const [name, account] of Object.entries(FLOW_ACCOUNTS)) {
        if (row.total !== null && account.kind === row.kind) {
          flow[name as keyof typeof FLOW_ACCOUNTS] = microToNumber(
            BigInt(row.total) * BigInt(account.sign),
          );
        }
      }
    }
    return [...byDay.values()];
  }

  /**
   * Per UTC day over the last `days` days (today included), the payouts to
   * members (rewards, commissions, challenges, promotions at 1 USDT a point)
   * and the part sponsor funds paid; the rest is club revenue's, payouts from
   * before funding began included (they had no sponsor funds to come from).
   * Read like dailyFlows: rollups and the postings after the checkpoint.
   */
  async dailyPayouts(days: number): Promise<DailyPayout[]> {
    const rows = await this.audit.withCheckpoint((runner, cp) =>
      this.auditRepository.dailyPayouts(runner, days, PAYOUT_KINDS, cp.posting_id),
    );
    return rows.map((row) => {
      const total = BigInt(row.total);
      const sponsor = BigInt(row.sponsor_funds);
      return { day: row.day, total, fromSponsorFunds: sponsor, fromClubRevenue: total - sponsor };
    });
  }

  /**
   * VIP packages sold per UTC day and level over the last `days` days (money
   * or points): the buy_vip postings on the sales accounts, from the rollups
   * (the level is their detail) and the postings after the checkpoint.
   */
  async dailyPackageSales(
    days: number,
  ): Promise<{ day: string; vip_level: number; count: number }[]> {
    return this.audit.withCheckpoint((runner, cp) =>
      this.auditRepository.dailyPackageSales(runner, days, cp.posting_id),
    );
  }
}
