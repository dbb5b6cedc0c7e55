import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** The only door to `one_time_codes`; every call runs in the caller's transaction. */
@Injectable()
export class OneTimeCodesRepository {
  /**
   * Seconds until the member's latest code of `purpose` is older than
   * `resendSeconds`, or null when there is no such recent code. A code whose
   * mail finally failed does not count: the member may ask again at once.
   */
  async resendWait(
    db: EntityManager,
    userId: number,
    purpose: string,
    resendSeconds: number,
  ): Promise<number | null> {
    const [recent]: { wait: number }[] = await db.query(
      `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now()))::int AS wait
       FROM one_time_codes c WHERE user_id = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3)
         AND NOT EXISTS (SELECT 1 FROM mail_outbox o WHERE o.code_id = c.id AND o.status = 'failed')
       ORDER BY id DESC LIMIT 1`,
      [userId, purpose, resendSeconds],
    );
    return recent ? recent.wait : null;
  }

  /** Uses up the member's unused codes of `purpose` (a new one replaces them). */
  async retire(db: EntityManager, userId: number, purpose: string): Promise<void> {
    await db.query(
      `UPDATE one_time_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
    );
  }

  async insert(
    db: EntityManager,
    c: { userId: number; purpose: string; target: string | null; hash: string; ttlSeconds: number },
  ): Promise<{ id: string; expires_at: Date }> {
    const [row]: { id: string; expires_at: Date }[] = await db.query(
      `INSERT INTO one_time_codes (user_id, purpose, target, code_hash, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING id, expires_at`,
      [c.userId, c.purpose, c.target, c.hash, c.ttlSeconds],
    );
    return row;
  }

  /** The member's live code of `purpose`, locked, with whether its tries are spent. */
  async lockLive(
    db: EntityManager,
    userId: number,
    purpose: string,
    maxTries: number,
    resendSeconds: number,
  ): Promise<
    | { id: string; code_hash: string; target: string | null; spent: boolean; wait: number }
    | undefined
  > {
    const [live] = await db.query(
      `SELECT id, code_hash, target, $3 > 0 AND tries >= $3 AS spent,
              ceil(extract(epoch FROM created_at + make_interval(secs => $4) - now()))::int AS wait
       FROM one_time_codes
       WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
       ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [userId, purpose, maxTries, resendSeconds],
    );
    return live;
  }

  async countTry(db: EntityManager, id: string): Promise<void> {
    await db.query(`UPDATE one_time_codes SET tries = tries + 1 WHERE id = $1`, [id]);
  }

  async markUsed(db: EntityManager, id: string): Promise<void> {
    await db.query(`UPDATE one_time_codes SET used_at = now() WHERE id = $1`, [id]);
  }
}
