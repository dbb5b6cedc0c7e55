import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import { ReachRegistry } from '../../common/reach';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { UsersService } from '../users/users.service';
import { StorageService, StoredObject } from '../storage/storage.service';
import {
  VerificationForm,
  VerificationItem,
  VerificationState,
  VerificationStatus,
} from './identity.dto';

interface VerificationRow {
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

/**
 * Identity verification: the member's document details and two photos,
 * stored private, reviewed by an operator. A member's latest request is
 * their status; a new one is possible only after a rejection.
 */
@Injectable()
export class IdentityService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.register('verification', async (id) => {
      const [row]: { user_id: number }[] = await this.dataSource.query(
        `SELECT user_id FROM verifications WHERE id = $1`,
        [id],
      );
      return row?.user_id ?? null;
    });
  }

  private async latest(userId: number): Promise<VerificationRow | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM verifications WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [userId],
    );
    return row;
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
      await this.dataSource.transaction(async (db) => {
        const [rows] = (await db.query(
          `INSERT INTO verifications (user_id, country, document_type, full_name, document_number, front_key, back_key)
           SELECT $1, $2, $3, $4, $5, $6, $7
           WHERE NOT EXISTS (SELECT 1 FROM verifications WHERE user_id = $1 AND status = 'approved')
           RETURNING id`,
          [
            userId,
            form.country,
            form.document_type,
            form.full_name,
            form.document_number,
            stored[0].key,
            stored[1].key,
          ],
        )) as [unknown[], number];
        if (rows.length === 0) throw new AppError('VERIFICATION_PENDING');
        await this.users.setVerification(db, userId, 'pending');
      });
    } catch (error) {
      await Promise.all(stored.map((s) => this.storage.remove(s.key)));
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

  async list(status?: string): Promise<VerificationItem[]> {
    const rows: VerificationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM verifications WHERE ($1::varchar IS NULL OR status = $1)
       ORDER BY id ${status === 'pending' ? 'ASC' : 'DESC'} LIMIT 200`,
      [status ?? null],
    );
    return rows.map(toItem);
  }

  async photo(id: number, side: 'front' | 'back') {
    const [row]: VerificationRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM verifications WHERE id = $1`,
      [id],
    );
    return row ? this.storage.readPrivate(side === 'front' ? row.front_key : row.back_key) : null;
  }

  async decide(
    operatorId: number,
    id: number,
    verdict: 'approved' | 'rejected',
    reason?: string,
  ): Promise<VerificationItem> {
    return this.dataSource.transaction(async (db) => {
      const [rows] = (await db.query(
        `UPDATE verifications SET status = $2, reason = $3, decided_by = $4, decided_at = now()
         WHERE id = $1 AND status = 'pending' RETURNING ${COLUMNS}`,
        [id, verdict, reason ?? null, operatorId],
      )) as [VerificationRow[], number];
      const row = rows[0];
      if (!row) {
        const [exists] = await db.query(`SELECT 1 FROM verifications WHERE id = $1`, [id]);
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
  }

  /** Withdrawals above WITHDRAWAL_VERIFICATION_THRESHOLD USDT need an approved verification. */
  async requireForWithdrawal(userId: number, amount: bigint): Promise<void> {
    const threshold = BigInt(this.config.WITHDRAWAL_VERIFICATION_THRESHOLD) * 1_000_000n;
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
