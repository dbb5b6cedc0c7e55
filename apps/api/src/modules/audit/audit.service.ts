import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  AUDIT_GENESIS,
  auditKeys,
  AuditKeys,
  auditRowHash,
  auditSignatureHolds,
  signAuditRow,
} from '../../common/audit-signature';
import { APP_CONFIG, AppConfig, auditSigningKeyText } from '../../config/config';
import { activeTraceId } from '../../infra/tracing/trace-context';
import { AuditEntry, AuditHead, AuditVerification } from './audit.dto';
import { AuditRepository, ChainRow, PublishedHeadRow } from './audit.repository';

const PAGE = 2000;

type Broken = NonNullable<AuditVerification['reason']>;

/**
 * Every operator action, written in the same transaction as the action. The
 * database links each row into a hash chain as it is written and refuses
 * edits and deletions (migration 1766110000000-audit-chain); this service
 * signs each row's (seq, hash) with AUDIT_SIGNING_KEY, which the database
 * never sees (migration 1766810000000-audit-signatures), publishes the
 * chain's head with each proof of liabilities, and `verify` checks it all
 * again in the application.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);
  private signing?: AuditKeys;

  constructor(
    private readonly repository: AuditRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Read when first needed: the spec writer (no database, no audit) never makes a development key. */
  private keys(): AuditKeys {
    this.signing ??= auditKeys(auditSigningKeyText(this.config));
    return this.signing;
  }

  /**
   * Appends the entry and its signature in the caller's transaction (its
   * own, if the caller has none: a row must never be committed unsigned).
   * The hash signed is the one computed here from the row as stored; a
   * database that linked the row with another one is refused.
   */
  async record(
    manager: EntityManager,
    actorId: number,
    action: string,
    targetUserId: number | null,
    details: Record<string, unknown>,
  ): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) {
      return manager.transaction((db) => this.record(db, actorId, action, targetUserId, details));
    }
    const row = await this.repository.insert(
      manager,
      actorId,
      action,
      targetUserId,
      details,
      activeTraceId(),
    );
    const hash = auditRowHash(row);
    if (hash !== row.hash) {
      throw new Error(
        `audit row ${row.chain_seq}: the database linked it with a hash that is not its content's`,
      );
    }
    await this.repository.insertSignature(
      manager,
      row.chain_seq,
      signAuditRow(this.keys(), row.chain_seq, hash),
    );
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
   * Records the chain's head for the proof of liabilities `proofId`, in the
   * proof's own transaction (so the head is the chain as of the proof's
   * moment): the last row's seq, hash and signature, once they check out.
   * A last row that does not (the chain was tampered with) is not published:
   * null, and an error in the log; GET /admin/audit/verify says why.
   */
  async publishHead(db: EntityManager, proofId: string): Promise<AuditHead | null> {
    const last = await this.repository.lastRow(db);
    if (!last) return null;
    if (!this.rowHolds(last)) {
      this.logger.error(
        `the audit chain's last row (seq ${last.chain_seq}) does not hold: no head published with proof ${proofId}`,
      );
      return null;
    }
    const head = { chain_seq: last.chain_seq, hash: last.hash, sig: last.sig! };
    await this.repository.insertPublishedHead(db, proofId, head);
    return this.headView(head);
  }

  /** The head published with proof `proofId`, and the public key that verifies it; null when none was. */
  async publishedHead(proofId: string): Promise<AuditHead | null> {
    const head = await this.repository.publishedHead(proofId);
    return head ? this.headView(head) : null;
  }

  private headView(head: PublishedHeadRow): AuditHead {
    return {
      seq: Number(head.chain_seq),
      hash: head.hash,
      sig: head.sig,
      public_key: this.keys().publicKeyHex,
    };
  }

  private rowHolds(row: ChainRow): boolean {
    return (
      auditRowHash(row) === row.hash &&
      auditSignatureHolds(this.keys().publicKey, row.chain_seq, row.hash, row.sig)
    );
  }

  /**
   * Walks the chain oldest first in one snapshot of the database, and for
   * each row checks in the application that it follows the row before
   * (seq and prev_hash), that its hash is its content's, and that the
   * signature over (seq, hash) is the key's; then that every head a proof
   * published is still there with the same hash, and that the chain's head
   * row agrees. Stops at the first break.
   */
  verify(): Promise<AuditVerification> {
    return this.repository.inSnapshot(async (db) => {
      const published = await this.repository.publishedHeads(db);
      const head = await this.repository.chainHead(db);
      let checked = 0;
      let seq = 0;
      let prev = AUDIT_GENESIS;
      let nextHead = 0;
      const broken = (at: number, reason: Broken): AuditVerification => ({
        ok: false,
        checked,
        broken_at: at,
        reason,
      });
      for (;;) {
        const rows = await this.repository.chainPage(db, seq, PAGE);
        for (const row of rows) {
          checked++;
          const at = Number(row.chain_seq);
          const reason = this.rowBreak(row, seq, prev);
          if (reason) return broken(reason === 'missing' ? seq + 1 : at, reason);
          while (nextHead < published.length && Number(published[nextHead].chain_seq) === at) {
            if (published[nextHead].hash !== row.hash) return broken(at, 'truncated');
            nextHead++;
          }
          seq = at;
          prev = row.hash;
        }
        if (rows.length < PAGE) break;
      }
      if (nextHead < published.length) {
        return broken(Number(published[nextHead].chain_seq), 'truncated');
      }
      const headSeq = Number(head?.last_seq ?? 0);
      if (headSeq > seq) return broken(headSeq, 'truncated');
      if (headSeq !== seq || (head?.last_hash ?? AUDIT_GENESIS) !== prev) {
        return broken(seq, 'relinked');
      }
      return { ok: true, checked };
    });
  }

  /** Why `row` does not continue a chain that so far ends at (`seq`, `prev`); null when it does. */
  private rowBreak(row: ChainRow, seq: number, prev: string): Broken | null {
    if (Number(row.chain_seq) !== seq + 1) return 'missing';
    if (row.prev_hash !== prev) return 'relinked';
    if (auditRowHash(row) !== row.hash) return 'edited';
    if (row.sig === null) return 'unsigned';
    if (!auditSignatureHolds(this.keys().publicKey, row.chain_seq, row.hash, row.sig)) {
      return 'bad_signature';
    }
    return null;
  }
}
