import { Inject, Injectable } from '@nestjs/common';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import { DataSource, EntityManager } from 'typeorm';
import type { AuditRowFields } from '../../common/audit-signature';

/** A row as the chain holds it: the fields as hashed, its hash and its signature (null: none). */
export interface ChainRow extends AuditRowFields {
  hash: string;
  sig: string | null;
}

export interface AuditRow {
  id: string;
  actor_id: number;
  action: string;
  target_user_id: number | null;
  details: Record<string, unknown>;
  created_at: Date;
}

export interface PublishedHeadRow {
  chain_seq: string;
  hash: string;
  sig: string;
}

/**
 * A row's columns exactly as they are hashed (common/audit-signature.ts):
 * `details` as stored, the time in UTC to the microsecond. Only built-in
 * casts and pg_catalog's to_char: nothing the tables' owner could replace.
 */
const HASHED_COLUMNS = `l.chain_seq::text AS chain_seq, l.id::text AS id, l.actor_id::text AS actor_id,
  l.action, coalesce(l.target_user_id::text, '') AS target_user_id, l.details::text AS details,
  pg_catalog.to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  l.prev_hash`;

/** The only door to `audit_log`, `audit_chain_head`, `audit_signatures` and `audit_published_heads`. */
@Injectable()
export class AuditRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
  ) {}

  /**
   * Appends an entry in the caller's transaction; the database links it into
   * the chain (seq, prev_hash, hash), and the row comes back as hashed.
   * `traceId` (the trace the action ran in) is kept beside the row, outside
   * its hash and signature.
   */
  async insert(
    manager: EntityManager,
    actorId: number,
    action: string,
    targetUserId: number | null,
    details: Record<string, unknown>,
    traceId: string | null = null,
  ): Promise<Omit<ChainRow, 'sig'>> {
    const [row]: Omit<ChainRow, 'sig'>[] = await manager.query(
      `INSERT INTO audit_log AS l (actor_id, action, target_user_id, details, trace_id)
       VALUES ($1, $2, $3, $4, $5)
       RETURNING ${HASHED_COLUMNS}, l.hash`,
      [actorId, action, targetUserId, JSON.stringify(details), traceId],
    );
    return row;
  }

  async insertSignature(manager: EntityManager, seq: string, sig: string): Promise<void> {
    await manager.query(`INSERT INTO audit_signatures (chain_seq, sig) VALUES ($1, $2)`, [
      seq,
      sig,
    ]);
  }

  /**
   * Entries in [from, to), by id after `afterId`, with what an offline check
   * needs: the fields as hashed, the chain's columns and the signature.
   */
  exportPage(from: Date, to: Date, afterId: number, limit: number) {
    return this.reports.dataSource.query(
      `SELECT ${HASHED_COLUMNS}, l.hash, s.sig
       FROM audit_log l LEFT JOIN audit_signatures s ON s.chain_seq = l.chain_seq
       WHERE l.created_at >= $1 AND l.created_at < $2 AND l.id > $3 ORDER BY l.id LIMIT $4`,
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

  /**
   * Runs `work` in one read-only REPEATABLE READ transaction on the primary:
   * a walk of the chain sees one moment of it, whatever is appended meanwhile.
   */
  inSnapshot<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', async (db) => {
      await db.query(`SET TRANSACTION READ ONLY`);
      return work(db);
    });
  }

  async chainHead(db: EntityManager): Promise<{ last_seq: string; last_hash: string } | undefined> {
    const [head]: { last_seq: string; last_hash: string }[] = await db.query(
      `SELECT last_seq::text AS last_seq, last_hash FROM audit_chain_head`,
    );
    return head;
  }

  /** The chain's rows after `seq`, oldest first, as hashed, with their signatures. */
  chainPage(db: EntityManager, seq: number, limit: number): Promise<ChainRow[]> {
    return db.query(
      `SELECT ${HASHED_COLUMNS}, l.hash, s.sig
       FROM audit_log l LEFT JOIN audit_signatures s ON s.chain_seq = l.chain_seq
       WHERE l.chain_seq > $1 ORDER BY l.chain_seq LIMIT $2`,
      [seq, limit],
    );
  }

  /** The chain's last row (highest seq), as hashed, with its signature. */
  async lastRow(db: EntityManager): Promise<ChainRow | undefined> {
    const [row]: ChainRow[] = await db.query(
      `SELECT ${HASHED_COLUMNS}, l.hash, s.sig
       FROM audit_log l LEFT JOIN audit_signatures s ON s.chain_seq = l.chain_seq
       ORDER BY l.chain_seq DESC LIMIT 1`,
    );
    return row;
  }

  /** Every head a proof published, by seq (the column's: the text alias would sort '10' before '9'). */
  publishedHeads(db: EntityManager): Promise<PublishedHeadRow[]> {
    return db.query(
      `SELECT h.chain_seq::text AS chain_seq, h.hash, h.sig FROM audit_published_heads h
       ORDER BY h.chain_seq, h.proof_id`,
    );
  }

  async insertPublishedHead(
    db: EntityManager,
    proofId: string,
    head: PublishedHeadRow,
  ): Promise<void> {
    await db.query(
      `INSERT INTO audit_published_heads (proof_id, chain_seq, hash, sig) VALUES ($1, $2, $3, $4)`,
      [proofId, head.chain_seq, head.hash, head.sig],
    );
  }

  async publishedHead(proofId: string): Promise<PublishedHeadRow | undefined> {
    const [head]: PublishedHeadRow[] = await this.dataSource.query(
      `SELECT chain_seq::text AS chain_seq, hash, sig FROM audit_published_heads WHERE proof_id = $1`,
      [proofId],
    );
    return head;
  }
}
