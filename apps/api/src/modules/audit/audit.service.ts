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

  async list(limit: number, before?: number): Promise<AuditEntry[]> {
    const rows: (Omit<AuditEntry, 'created_at' | 'id'> & { id: string; created_at: Date })[] =
      await this.dataSource.query(
        `SELECT id, actor_id, action, target_user_id, details, created_at FROM audit_log
       WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
        [before ?? null, limit],
      );
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: row.created_at.toISOString(),
    }));
  }
}
