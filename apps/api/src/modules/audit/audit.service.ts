import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuditEntry } from './audit.dto';

/** Every operator action, written in the same transaction as the action. */
@Injectable()
export class AuditService {
  constructor(private readonly dataSource: DataSource) {}

  async record(
    manager: EntityManager,
    actorId: number,
    action: string,
    targetUserId: number | null,
    details: Record<string, unknown>,
  ) {
    await manager.query(
      `INSERT INTO audit_log (actor_id, action, target_user_id, details) VALUES ($1, $2, $3, $4)`,
      [actorId, action, targetUserId, JSON.stringify(details)],
    );
  }

  /** Entries in [from, to), by id after `afterId`: a page of the CSV export. */
  exportPage(from: Date, to: Date, afterId: number, limit = 1000) {
    return this.dataSource.query(
      `SELECT id, actor_id, action, target_user_id, details, created_at FROM audit_log
       WHERE created_at >= $1 AND created_at < $2 AND id > $3 ORDER BY id LIMIT $4`,
      [from, to, afterId, limit],
    );
  }

  /** Newest first; `actionPrefix` keeps one kind of action (`economy.` for the economy's history). */
  async list(limit: number, before?: number, actionPrefix?: string): Promise<AuditEntry[]> {
    const rows: (Omit<AuditEntry, 'created_at' | 'id'> & { id: string; created_at: Date })[] =
      await this.dataSource.query(
        `SELECT id, actor_id, action, target_user_id, details, created_at FROM audit_log
       WHERE ($1::bigint IS NULL OR id < $1) AND ($3::text IS NULL OR starts_with(action, $3))
       ORDER BY id DESC LIMIT $2`,
        [before ?? null, limit, actionPrefix ?? null],
      );
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: row.created_at.toISOString(),
    }));
  }
}
