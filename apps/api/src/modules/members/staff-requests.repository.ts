import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type StaffChange = 'role' | 'activate' | 'deactivate';
export type StaffRequestStatus = 'pending' | 'approved' | 'rejected';

export interface StaffRequestRow {
  id: string;
  target_user_id: number;
  change: StaffChange;
  role: string | null;
  before_role: string;
  before_active: boolean;
  requested_by: number;
  status: StaffRequestStatus;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, target_user_id, change, role, before_role, before_active, requested_by, status,
  decided_by, decided_at, created_at`;

/** The only door to `staff_requests`. */
@Injectable()
export class StaffRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records a change waiting for a second admin; the same change of the same
   * account already waiting is found instead (one pending at a time: the
   * partial unique index, which ON CONFLICT waits on when two race).
   */
  async addOrFind(
    db: EntityManager,
    request: {
      targetUserId: number;
      change: StaffChange;
      role: string | null;
      beforeRole: string;
      beforeActive: boolean;
      requestedBy: number;
    },
  ): Promise<{ row: StaffRequestRow; created: boolean }> {
    {
      const [row]: StaffRequestRow[] = await db.query(
        `INSERT INTO staff_requests (target_user_id, change, role, before_role, before_active, requested_by)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [
          request.targetUserId,
          request.change,
          request.role,
          request.beforeRole,
          request.beforeActive,
          request.requestedBy,
        ],
      );
      if (row) return { row, created: true };
    }
    const [row]: StaffRequestRow[] = await db.query(
      `SELECT ${COLUMNS} FROM staff_requests
       WHERE target_user_id = $1 AND change = $2 AND coalesce(role, '') = coalesce($3, '') AND status = 'pending'`,
      [request.targetUserId, request.change, request.role],
    );
    return { row, created: false };
  }

  async lock(db: EntityManager, id: number): Promise<StaffRequestRow | undefined> {
    const [row]: StaffRequestRow[] = await db.query(
      `SELECT ${COLUMNS} FROM staff_requests WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  async targetOf(id: number): Promise<number | null> {
    const [row]: { target_user_id: number }[] = await this.dataSource.query(
      `SELECT target_user_id FROM staff_requests WHERE id = $1`,
      [id],
    );
    return row?.target_user_id ?? null;
  }

  async decide(
    db: EntityManager,
    id: number,
    status: Exclude<StaffRequestStatus, 'pending'>,
    by: number,
  ): Promise<StaffRequestRow> {
    const [[row]]: [StaffRequestRow[], number] = await db.query(
      `UPDATE staff_requests SET status = $2, decided_by = $3, decided_at = now() WHERE id = $1
       RETURNING ${COLUMNS}`,
      [id, status, by],
    );
    return row;
  }

  async countPending(): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM staff_requests WHERE status = 'pending'`,
    );
    return row.count;
  }

  /** Newest first, ids below `before`. */
  list(
    status: StaffRequestStatus | undefined,
    limit: number,
    before?: number,
  ): Promise<StaffRequestRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM staff_requests
       WHERE ($1::varchar IS NULL OR status = $1) AND ($3::bigint IS NULL OR id < $3)
       ORDER BY id DESC LIMIT $2`,
      [status ?? null, limit, before ?? null],
    );
  }
}
