import { MemberEventsService } from '../../infra/events/member-events.service';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { seesOperators, usdt } from '@app/domain';
import { AppError } from '../../common/app-error';
import type { Role } from '../../common/auth';
import { ReachRegistry } from '../../common/reach';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { UsersService } from '../users/users.service';
import { StorageService, StoredObject } from '../../infra/storage/storage.service';
import {
  VerificationForm,
  VerificationItem,
  VerificationState,
  VerificationStatus,
} from './identity.dto';
import { IdentityRepository, VerificationRow } from './identity.repository';

/**
 * Identity verification: the member's document details and two photos,
 * stored private, reviewed by an operator. A member's latest request is
 * their status; a new one is possible only after a rejection.
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: IdentityRepository,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: MemberEventsService,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.register('verification', (id) => this.repository.ownerOf(id));
  }

  private latest(userId: number): Promise<VerificationRow | undefined> {
    return this.repository.latest(userId);
  }

  async statusOf(userId: number): Promise<VerificationStatus> {
    return (await this.latest(userId))?.status ?? 'none';
  }

  async state(userId: number): Promise<VerificationState> {
    const row = await this.latest(userId);
    if (!row) return { status: 'none' };
    return {
      status: row.status,
      ...(row.reason ? { reason: row.reason } : {}),
      submitted_at: row.created_at.toISOString(),
    };
  }

  /**
   * The photos are stored first, then the row; if the row is refused (one
   * pending or approved already) the photos are removed again.
   */
  async submit(
    userId: number,
    form: VerificationForm,
    front: Buffer,
    back: Buffer,
  ): Promise<VerificationState> {
    const status = await this.statusOf(userId);
    if (status === 'pending' || status === 'approved') throw new AppError('VERIFICATION_PENDING');
    const stored: StoredObject[] = [];
    try {
      stored.push(await this.storage.saveImage(front, 'private'));
      stored.push(await this.storage.saveImage(back, 'private'));
      const submitted = await this.dataSource.transaction(async (db) => {
        const inserted = await this.repository.insert(db, {
          userId,
          country: form.country,
          documentType: form.document_type,
          fullName: form.full_name,
          documentNumber: form.document_number,
          frontKey: stored[0].key,
          backKey: stored[1].key,
        });
        if (inserted === null) throw new AppError('VERIFICATION_PENDING');
        await this.users.setVerification(db, userId, 'pending');
        return inserted;
      });
      // Committed: operators who review verifications see it arrive.
      this.events.publishQueue('verifications', submitted);
    } catch (error) {
      await this.storage.discard(stored.map((s) => s.key));
      // The partial unique index: a parallel request got there first.
      if ((error as { code?: string }).code === '23505') throw new AppError('VERIFICATION_PENDING');
      throw error;
    }
    return this.state(userId);
  }

  /** The member's own photo of their latest request. */
  async ownPhoto(userId: number, side: 'front' | 'back') {
    const row = await this.latest(userId);
    return row ? this.storage.readPrivate(side === 'front' ? row.front_key : row.back_key) : null;
  }

  /**
   * The requests `viewer` may read: an operator's identity documents are an
   * admin's to see (libs/domain reach.ts), so anyone else's list leaves
   * operators' requests out (their photos: the reach guard).
   */
  async list(viewer: Role, status?: string): Promise<VerificationItem[]> {
    const operators = seesOperators(viewer)
      ? []
      : (await this.users.accessExceptions()).filter((u) => u.role !== 'member').map((u) => u.id);
    const rows = await this.repository.list(status ?? null, operators);
    return rows.map(toItem);
  }

  async photo(id: number, side: 'front' | 'back') {
    const row = await this.repository.find(id);
    return row ? this.storage.readPrivate(side === 'front' ? row.front_key : row.back_key) : null;
  }

  async decide(
    operatorId: number,
    id: number,
    verdict: 'approved' | 'rejected',
    reason?: string,
  ): Promise<VerificationItem> {
    const decided = await this.dataSource.transaction(async (db) => {
      const row = await this.repository.decide(db, id, verdict, reason ?? null, operatorId);
      if (!row) {
        const exists = await this.repository.exists(db, id);
        throw new AppError(exists ? 'REVIEW_ALREADY_DECIDED' : 'NOT_FOUND');
      }
      await this.users.setVerification(db, row.user_id, verdict);
      await this.audit.record(
        db,
        operatorId,
        verdict === 'approved' ? 'verification.approve' : 'verification.reject',
        row.user_id,
        {
          verification_id: id,
          ...(reason ? { reason } : {}),
        },
      );
      return toItem(row);
    });
    this.events.publishQueue('verifications', id);
    return decided;
  }

  /** Requests waiting for an operator's review (the console's count). */
  waitingCount(): Promise<number> {
    return this.repository.countPending();
  }

  /** Withdrawals above WITHDRAWAL_VERIFICATION_THRESHOLD USDT need an approved verification. */
  async requireForWithdrawal(userId: number, amount: bigint): Promise<void> {
    const threshold = usdt(this.config.WITHDRAWAL_VERIFICATION_THRESHOLD);
    if (threshold === 0n || amount <= threshold) return;
    if ((await this.statusOf(userId)) !== 'approved') throw new AppError('VERIFICATION_REQUIRED');
  }
}

function toItem(row: VerificationRow): VerificationItem {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    country: row.country,
    document_type: row.document_type,
    full_name: row.full_name,
    document_number: row.document_number,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  };
}
