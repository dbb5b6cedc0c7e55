import { Inject, Injectable } from '@nestjs/common';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import { DataSource, EntityManager } from 'typeorm';

export interface ChainRow {
  id: string;
  chain_seq: string;
  prev_hash: string;
  hash: string;
  recomputed: string;
}

export interface AuditRow {
  id: string;
  actor_id: number;
  action: string;
  target_user_id: number | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/** The only door to `audit_log` and `audit_chain_head`. */
@Injectable()
export class AuditRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
  ) {}

  /** Appends an entry in the caller's transaction (the database links it into the chain). */
  async insert(
    manager: EntityManager,
    actorId: number,
    action: string,
    targetUserId: number | null,
    details: Record<string, unknown>,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO audit_log (actor_id, action, target_user_id, details) VALUES ($1, $2, $3, $4)`,
      [actorId, action, targetUserId, JSON.stringify(details)],
    );
  }

  /** Entries in [from, to), by id after `afterId`. */
  exportPage(from: Date, to: Date, afterId: number, limit: number) {
    return this.reports.dataSource.query(
      `SELECT id, actor_id, action, target_user_id, details, created_at FROM audit_log
       WHERE created_at >= $1 AND created_at < $2 AND id > $3 ORDER BY id LIMIT $4`,
      [from, to, afterId, limit],
    );
  }

  /** Newest (or oldest) first, ids below `before` and above `after`, actions starting with `actionPrefix`. */
  list(
    limit: number,
    before: number | null,
    actionPrefix: string | null,
    page: { after?: number | null; order?: 'asc' | 'desc' } = {},
  ): Promise<AuditRow[]> {
    return this.reports.dataSource.query(
      `SELECT id, actor_id, action, target_user_id, details, created_at FROM audit_log
       WHERE ($1::bigint IS NULL OR id < $1) AND ($3::text IS NULL OR starts_with(action, $3))
         AND ($4::bigint IS NULL OR id > $4)
       ORDER BY id ${page.order === 'asc' ? 'ASC' : 'DESC'} LIMIT $2`,
      [before, limit, actionPrefix, page.after ?? null],
    );
  }

  async chainHead(): Promise<{ last_seq: string; last_hash: string } | undefined> {
    const [head]: { last_seq: string; last_hash: string }[] = await this.dataSource.query(
      `SELECT last_seq, last_hash FROM audit_chain_head`,
    );
    return head;
  }

  /** The chain's rows after `seq`, oldest first, each with its hash recomputed from its content. */
  chainPage(seq: number, limit: number): Promise<ChainRow[]> {
    return this.dataSource.query(
      `SELECT id, chain_seq, prev_hash, hash,
              audit_row_hash(prev_hash, chain_seq, id, actor_id, action, target_user_id, details, created_at) AS recomputed
       FROM audit_log WHERE chain_seq > $1 ORDER BY chain_seq LIMIT $2`,
      [seq, limit],
    );
  }
}
