import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface VerificationRow {
  id: string;
  user_id: number;
  country: string;
  document_type: string;
  full_name: string;
  document_number: string;
  front_key: string;
  back_key: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

const COLUMNS = `id, user_id, country, document_type, full_name, document_number, front_key, back_key,
  status, reason, created_at, decided_at`;

/** The only door to `verifications`. */
@Injectable()
export class IdentityRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ownerOf(id: number): Promise<number | null> {
    const [row]: { user_id: number }[] = await this.dataSource.query(
      `SELECT user_id FROM verifications WHERE id = $1`,
      [id],
    );
    return row?.user_id ?? null;
  }

  /** The member's latest request. */
  async latest(userId: number): Promise<VerificationRow | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM verifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [userId],
    );
    return row;
  }

  /** Inserts a request unless the member has an approved one; false when refused. */
  async insert(
    db: EntityManager,
    v: {
      userId: number;
      country: string;
      documentType: string;
      fullName: string;
      documentNumber: string;
      frontKey: string;
      backKey: string;
    },
  ): Promise<number | null> {
    // An INSERT answers its RETURNING rows (an UPDATE or DELETE answers [rows, count]).
    const rows: { id: string }[] = await db.query(
      `INSERT INTO verifications (user_id, country, document_type, full_name, document_number, front_key, back_key)
       SELECT $1, $2, $3, $4, $5, $6, $7
       WHERE NOT EXISTS (SELECT 1 FROM verifications WHERE user_id = $1 AND status = 'approved')
       RETURNING id`,
      [v.userId, v.country, v.documentType, v.fullName, v.documentNumber, v.frontKey, v.backKey],
    );
    return rows.length > 0 ? Number(rows[0].id) : null;
  }

  /** Requests waiting for review (the console's count). */
  async countPending(): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM verifications WHERE status = 'pending'`,
    );
    return row.n;
  }

  /** Pending requests oldest first, others newest first; none of `exceptUserIds`' own. */
  list(status: string | null, exceptUserIds: number[] = []): Promise<VerificationRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM verifications
       WHERE ($1::varchar IS NULL OR status = $1) AND NOT (user_id = ANY($2::int[]))
       ORDER BY id ${status === 'pending' ? 'ASC' : 'DESC'} LIMIT 200`,
      [status, exceptUserIds],
    );
  }

  async find(id: number): Promise<VerificationRow | undefined> {
    const [row]: VerificationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM verifications WHERE id = $1`,
      [id],
    );
    return row;
  }

  /** Decides a pending request; undefined when it is not pending. */
  async decide(
    db: EntityManager,
    id: number,
    verdict: 'approved' | 'rejected',
    reason: string | null,
    operatorId: number,
  ): Promise<VerificationRow | undefined> {
    const [rows] = (await db.query(
      `UPDATE verifications SET status = $2, reason = $3, decided_by = $4, decided_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
      [id, verdict, reason, operatorId],
    )) as [VerificationRow[], number];
    return rows[0];
  }

  async exists(db: EntityManager, id: number): Promise<boolean> {
    const [exists] = await db.query(`SELECT 1 FROM verifications WHERE id = $1`, [id]);
    return Boolean(exists);
  }
}
