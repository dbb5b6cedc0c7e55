import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type ChangeTarget = 'package' | 'team_rates' | 'challenge' | 'campaign';
export type ChangeStatus = 'pending' | 'approved' | 'rejected';

export interface EconomyChangeRow {
  id: string;
  target: ChangeTarget;
  target_id: number | null;
  before: unknown;
  after: unknown;
  proposed_by: number;
  status: ChangeStatus;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, target, target_id, before, after, proposed_by, status, decided_by, decided_at, created_at`;

/** The only door to `economy_changes`. */
@Injectable()
export class EconomyChangesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    db: EntityManager,
    change: {
      target: ChangeTarget;
      targetId: number | null;
      before: unknown;
      after: unknown;
      proposedBy: number;
    },
  ): Promise<EconomyChangeRow> {
    const [row]: EconomyChangeRow[] = await db.query(
      `INSERT INTO economy_changes (target, target_id, before, after, proposed_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [
        change.target,
        change.targetId,
        JSON.stringify(change.before ?? null),
        JSON.stringify(change.after),
        change.proposedBy,
      ],
    );
    return row;
  }

  async lock(db: EntityManager, id: number): Promise<EconomyChangeRow | undefined> {
    const [row]: EconomyChangeRow[] = await db.query(
      `SELECT ${COLUMNS} FROM economy_changes WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  async proposerOf(id: number): Promise<number | null> {
    const [row]: { proposed_by: number }[] = await this.dataSource.query(
      `SELECT proposed_by FROM economy_changes WHERE id = $1`,
      [id],
    );
    return row?.proposed_by ?? null;
  }

  async decide(
    db: EntityManager,
    id: number,
    status: Exclude<ChangeStatus, 'pending'>,
    by: number,
  ): Promise<EconomyChangeRow> {
    const [[row]]: [EconomyChangeRow[], number] = await db.query(
      `UPDATE economy_changes SET status = $2, decided_by = $3, decided_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, status, by],
    );
    return row;
  }

  /** Newest first. */
  list(status: ChangeStatus | undefined, limit: number): Promise<EconomyChangeRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM economy_changes WHERE ($1::varchar IS NULL OR status = $1)
       ORDER BY id DESC LIMIT $2`,
      [status ?? null, limit],
    );
  }
}
