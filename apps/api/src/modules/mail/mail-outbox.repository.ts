import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'expired';

/** A row the worker holds now: what to send, and its attempt number (the claim's token). */
export interface ClaimedMail {
  status: 'sending' | 'expired';
  attempts: number;
  recipient: string;
  sealed: Buffer | null;
}

/** The only door to `mail_outbox`. */
@Injectable()
export class MailOutboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** In the transaction that issues the code (or tells the member: a notice has none). */
  async insert(
    db: EntityManager,
    m: { kind: string; userId: number; codeId: string | null; recipient: string; sealed: Buffer },
  ): Promise<string> {
    const [row]: { id: string }[] = await db.query(
      `INSERT INTO mail_outbox (kind, user_id, code_id, recipient, sealed)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [m.kind, m.userId, m.codeId, m.recipient, m.sealed],
    );
    return row.id;
  }

  /**
   * Takes the row for one send: a queued row, or one whose sender went quiet
   * for `leaseMs` (a worker killed mid-send). The row lock makes one claim
   * win; a concurrent one finds the row taken and gets nothing. A row whose
   * code no longer works (expired, replaced or used) is marked expired instead;
   * a notice carries no code and never expires.
   */
  async claim(id: string, leaseMs: number): Promise<ClaimedMail | undefined> {
    // An UPDATE answers [rows, count] through TypeORM.
    const [[row]]: [ClaimedMail[], number] = await this.dataSource.query(
      `WITH target AS (
         SELECT o.id, coalesce(c.expires_at <= now() OR c.used_at IS NOT NULL, false) AS stale
         FROM mail_outbox o LEFT JOIN one_time_codes c ON c.id = o.code_id
         WHERE o.id = $1
           AND (o.status = 'queued'
                OR (o.status = 'sending' AND o.claimed_at < now() - make_interval(secs => $2::float8 / 1000)))
         FOR UPDATE OF o
       )
       UPDATE mail_outbox o
       SET status = CASE WHEN t.stale THEN 'expired' ELSE 'sending' END,
           attempts = o.attempts + CASE WHEN t.stale THEN 0 ELSE 1 END,
           sealed = CASE WHEN t.stale THEN NULL ELSE o.sealed END,
           claimed_at = now()
       FROM target t WHERE o.id = t.id
       RETURNING o.status, o.attempts, o.recipient, o.sealed`,
      [id, leaseMs],
    );
    return row;
  }

  /** The server took the mail: whoever holds the row now, it is sent. */
  async markSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), sealed = NULL, last_error = NULL
       WHERE id = $1 AND status <> 'sent'`,
      [id],
    );
  }

  /**
   * Hands back a failed attempt (only the claim of `attempts` may): queued
   * for the next try after `retryBaseMs` doubled per attempt, or failed once
   * `maxAttempts` (0: no limit) are spent. Returns the new status, undefined
   * when the claim was no longer this one's.
   */
  async release(
    id: string,
    attempts: number,
    error: string,
    maxAttempts: number,
    retryBaseMs: number,
  ): Promise<'queued' | 'failed' | undefined> {
    const [[row]]: [{ status: 'queued' | 'failed' }[], number] = await this.dataSource.query(
      `WITH spent AS (SELECT $4::int > 0 AND $2::int >= $4::int AS yes)
       UPDATE mail_outbox
       SET status = CASE WHEN spent.yes THEN 'failed' ELSE 'queued' END,
           sealed = CASE WHEN spent.yes THEN NULL ELSE sealed END,
           last_error = left($3, 500),
           next_attempt_at = now() + make_interval(secs => $5::float8 * 2 ^ least($2::int - 1, 20) / 1000)
       FROM spent
       WHERE id = $1 AND status = 'sending' AND attempts = $2
       RETURNING status`,
      [id, attempts, error, maxAttempts, retryBaseMs],
    );
    return row?.status;
  }

  /** A row that can never be sent (its sealed text no longer opens). */
  async fail(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_outbox SET status = 'failed', sealed = NULL, last_error = left($2, 500)
       WHERE id = $1 AND status IN ('queued', 'sending')`,
      [id, error],
    );
  }

  /** Queued mails whose code no longer works are not sent: marked expired. */
  async expireStale(): Promise<number> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `UPDATE mail_outbox o SET status = 'expired', sealed = NULL
       FROM one_time_codes c
       WHERE c.id = o.code_id AND o.status = 'queued'
         AND (c.expires_at <= now() OR c.used_at IS NOT NULL)
       RETURNING o.id`,
    );
    return count;
  }

  /**
   * Rows whose job seems lost: queued and `graceMs` past their time, or
   * claimed by a sender quiet for `leaseMs`. With their attempt number, so a
   * new job id is made per attempt.
   */
  async overdue(
    limit: number,
    graceMs: number,
    leaseMs: number,
  ): Promise<{ id: string; attempts: number }[]> {
    return this.dataSource.query(
      `SELECT id, attempts FROM mail_outbox
       WHERE (status = 'queued' AND next_attempt_at < now() - make_interval(secs => $2::float8 / 1000))
          OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $3::float8 / 1000))
       ORDER BY next_attempt_at LIMIT $1`,
      [limit, graceMs, leaseMs],
    );
  }

  /** Seconds the oldest mail still to send (queued or sending) has waited; 0 when none waits. */
  async oldestPendingSeconds(): Promise<number> {
    const [row]: { age: number | null }[] = await this.dataSource.query(
      `SELECT extract(epoch FROM clock_timestamp() - min(created_at))::float8 AS age
       FROM mail_outbox WHERE status IN ('queued', 'sending')`,
    );
    return Math.max(0, row?.age ?? 0);
  }

  /** The status of the mail that carried the member's latest code of `kind`. */
  async latestStatus(userId: number, kind: string): Promise<OutboxStatus | null> {
    const [row]: { status: OutboxStatus }[] = await this.dataSource.query(
      `SELECT status FROM mail_outbox WHERE user_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1`,
      [userId, kind],
    );
    return row?.status ?? null;
  }
}
