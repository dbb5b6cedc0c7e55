import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ChallengeKind } from './challenges.dto';

export interface ChallengeRow {
  id: number;
  title: string;
  text: string;
  image_url: string;
  kind: ChallengeKind;
  goal: string;
  reward_micro: string;
  starts_at: Date;
  ends_at: Date;
  published: boolean;
}

const COLUMNS = `id, title, text, image_url, kind, goal, reward_micro, starts_at, ends_at, published`;
const C_COLUMNS = COLUMNS.split(', ')
  .map((c) => `c.${c}`)
  .join(', ');

/**
 * A challenge's columns in the order of its INSERT and UPDATE: title, text,
 * image_url, kind, goal, reward_micro, starts_at, ends_at, published.
 */
export type ChallengeValues = unknown[];

/** The only door to `challenges` and `challenge_claims`. */
@Injectable()
export class ChallengesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The challenge, its row locked; null when there is none. */
  async lock(db: EntityManager, id: number): Promise<ChallengeRow | null> {
    const [row]: ChallengeRow[] = await db.query(
      `SELECT ${COLUMNS} FROM challenges WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  /** Published challenges that have started, newest first, with whether the member claimed each. */
  listFor(userId: number): Promise<(ChallengeRow & { claimed: boolean })[]> {
    return this.dataSource.query(
      `SELECT ${C_COLUMNS}, (k.user_id IS NOT NULL) AS claimed
       FROM challenges c LEFT JOIN challenge_claims k ON k.challenge_id = c.id AND k.user_id = $1
       WHERE c.published AND c.starts_at <= now() ORDER BY c.ends_at DESC, c.id DESC LIMIT 50`,
      [userId],
    );
  }

  /** A published challenge that has started; null when there is none. */
  async findOpen(id: number): Promise<ChallengeRow | null> {
    const [row]: ChallengeRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM challenges WHERE id = $1 AND published AND starts_at <= now()`,
      [id],
    );
    return row ?? null;
  }

  async insertClaim(
    db: EntityManager,
    id: number,
    userId: number,
    ledgerTransactionId: string,
  ): Promise<void> {
    await db.query(
      `INSERT INTO challenge_claims (challenge_id, user_id, ledger_transaction_id) VALUES ($1, $2, $3)`,
      [id, userId, ledgerTransactionId],
    );
  }

  /** Every challenge, newest first, with its claims counted. */
  adminList(): Promise<(ChallengeRow & { claims: number })[]> {
    return this.dataSource.query(
      `SELECT ${C_COLUMNS},
              (SELECT count(*)::int FROM challenge_claims k WHERE k.challenge_id = c.id) AS claims
       FROM challenges c ORDER BY c.id DESC`,
    );
  }

  async insert(db: EntityManager, values: ChallengeValues): Promise<number> {
    const [row]: { id: number }[] = await db.query(
      `INSERT INTO challenges (title, text, image_url, kind, goal, reward_micro, starts_at, ends_at, published)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      values,
    );
    return row.id;
  }

  async update(db: EntityManager, id: number, values: ChallengeValues): Promise<void> {
    await db.query(
      `UPDATE challenges SET title = $1, text = $2, image_url = $3, kind = $4, goal = $5, reward_micro = $6,
         starts_at = $7, ends_at = $8, published = $9 WHERE id = $10`,
      [...values, id],
    );
  }
}
