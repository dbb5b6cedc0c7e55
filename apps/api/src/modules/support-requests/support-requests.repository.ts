import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SupportTopic } from '@app/domain';
import type { SupportStatus } from './support-requests.dto';

export interface SupportRequestRow {
  id: string;
  user_id: number | null;
  phone: string;
  topic: SupportTopic;
  message: string;
  lang: string;
  status: SupportStatus;
  closed_by: number | null;
  closed_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  'id, user_id, phone, topic, message, lang, status, closed_by, closed_at, created_at';

/** The only door to `support_requests`. */
@Injectable()
export class SupportRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(request: {
    userId: number | null;
    phone: string;
    topic: SupportTopic;
    message: string;
    lang: string;
  }): Promise<string> {
    const [row]: { id: string }[] = await this.dataSource.query(
      `INSERT INTO support_requests (user_id, phone, topic, message, lang)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [request.userId, request.phone, request.topic, request.message, request.lang],
    );
    return row.id;
  }

  list(filter: { status?: SupportStatus; limit: number; before?: number }) {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM support_requests
       WHERE ($1::varchar IS NULL OR status = $1) AND ($2::bigint IS NULL OR id < $2)
       ORDER BY id DESC LIMIT $3`,
      [filter.status ?? null, filter.before ?? null, filter.limit],
    ) as Promise<SupportRequestRow[]>;
  }

  /**
   * Closes an open request in the caller's transaction: the row, and whether
   * this call closed it (false: it was closed already); null when none has this id.
   */
  async close(
    db: EntityManager,
    id: number,
    operatorId: number,
  ): Promise<{ row: SupportRequestRow; changed: boolean } | null> {
    const [closed]: [SupportRequestRow[], number] = await db.query(
      `UPDATE support_requests SET status = 'closed', closed_by = $2, closed_at = now()
       WHERE id = $1 AND status = 'open' RETURNING ${COLUMNS}`,
      [id, operatorId],
    );
    if (closed[0]) return { row: closed[0], changed: true };
    const [row]: SupportRequestRow[] = await db.query(
      `SELECT ${COLUMNS} FROM support_requests WHERE id = $1`,
      [id],
    );
    return row ? { row, changed: false } : null;
  }

  async countOpen(): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM support_requests WHERE status = 'open'`,
    );
    return row.n;
  }
}
