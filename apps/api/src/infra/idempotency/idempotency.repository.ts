import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface StoredKey {
  fingerprint: string;
  /** Null while the first request with the key runs. */
  status: number | null;
  answer: string | null;
}

/** The queries of `idempotency_keys`. */
@Injectable()
export class IdempotencyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Takes the key for this request: a new row, or one older than `ttlHours`
   * (0: never) started again. True when this request now owns the key. Two
   * requests at once: the primary key lets one insert, the other gets false.
   */
  async claim(userId: number, key: string, fingerprint: string, ttlHours: number) {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (user_id, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, status = NULL, answer = NULL,
             created_at = now(), completed_at = NULL
         WHERE $4::int > 0 AND idempotency_keys.created_at < now() - make_interval(hours => $4::int)
       RETURNING 1`,
      [userId, key, fingerprint, ttlHours],
    );
    return rows.length === 1;
  }

  async find(userId: number, key: string): Promise<StoredKey | undefined> {
    const [row]: StoredKey[] = await this.dataSource.query(
      `SELECT fingerprint, status, answer FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return row;
  }

  async complete(userId: number, key: string, status: number, answer: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET status = $3, answer = $4, completed_at = now()
       WHERE user_id = $1 AND key = $2 AND status IS NULL`,
      [userId, key, status, answer],
    );
  }

  /** Gives the key back (the request ended without an answer worth keeping). */
  async release(userId: number, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL`,
      [userId, key],
    );
  }

  /** Removes up to `limit` keys older than `ttlHours`; returns how many. */
  async deleteExpired(ttlHours: number, limit: number): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE (user_id, key) IN (
         SELECT user_id, key FROM idempotency_keys
         WHERE created_at < now() - make_interval(hours => $1::int) LIMIT $2)
       RETURNING 1`,
      [ttlHours, limit],
    );
    return rows.length;
  }
}
