import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AuditEntry, AuditVerification } from './audit.dto';
import { AuditRepository } from './audit.repository';

const GENESIS = '0'.repeat(64);
const PAGE = 2000;

/**
 * Every operator action, written in the same transaction as the action. The
 * database links each row into a hash chain as it is written and refuses
 * edits and deletions (migration 1766110000000-audit-chain); `verify` walks
 * the chain.
 */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(
    manager: EntityManager,
    actorId: number,
    action: string,
    targetUserId: number | null,
    details: Record<string, unknown>,
  ) {
    await this.repository.insert(manager, actorId, action, targetUserId, details);
  }

  /** Entries in [from, to), by id after `afterId`: a page of the CSV export. */
  exportPage(from: Date, to: Date, afterId: number, limit = 1000) {
    return this.repository.exportPage(from, to, afterId, limit);
  }

  /** Newest first; `actionPrefix` keeps one kind of action (`economy.` for the economy's history). */
  async list(
    limit: number,
    before?: number,
    actionPrefix?: string,
    page: { after?: number; order?: 'asc' | 'desc' } = {},
  ): Promise<AuditEntry[]> {
    const rows = await this.repository.list(limit, before ?? null, actionPrefix ?? null, page);
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: row.created_at.toISOString(),
    }));
  }

  /**
   * Walks the chain oldest first, recomputing each row's hash from its
   * content and checking it points at the row before; stops at the first
   * row that breaks it. Rows past the head's last link, or a head past the
   * last row, break it too.
   */
  async verify(): Promise<AuditVerification> {
    const head = await this.repository.chainHead();
    const headSeq = Number(head?.last_seq ?? 0);
    let checked = 0;
    let seq = 0;
    let prev = GENESIS;
    const broken = (id: string | null, reason: AuditVerification['reason']) => ({
      ok: false,
      rows_checked: checked,
      first_broken_id: id === null ? null : Number(id),
      reason,
      head_seq: headSeq,
    });
    for (;;) {
      const rows = await this.repository.chainPage(seq, PAGE);
      for (const row of rows) {
        checked++;
        if (Number(row.chain_seq) !== seq + 1) return broken(row.id, 'missing_before');
        if (row.prev_hash !== prev) return broken(row.id, 'relinked');
        if (row.recomputed !== row.hash) return broken(row.id, 'edited');
        seq += 1;
        prev = row.hash;
      }
      if (rows.length < PAGE) break;
    }
    if (seq !== headSeq || prev !== (head?.last_hash ?? GENESIS)) {
      return broken(null, seq > headSeq ? 'relinked' : 'truncated');
    }
    return {
      ok: true,
      rows_checked: checked,
      first_broken_id: null,
      reason: null,
      head_seq: headSeq,
    };
  }
}
