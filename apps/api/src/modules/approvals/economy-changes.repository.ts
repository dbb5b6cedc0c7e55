import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** Targets whose changes wait only when they raise members' pay beyond the percentage. */
export const RAISE_TARGETS = ['package', 'team_rates', 'challenge', 'campaign'] as const;
export type RaiseTarget = (typeof RAISE_TARGETS)[number];
/** Targets whose every change waits while the club has two admins. */
export const SECOND_ADMIN_TARGETS = ['card', 'support_url', 'card_rates'] as const;
export type SecondAdminTarget = (typeof SECOND_ADMIN_TARGETS)[number];
export type ChangeTarget = RaiseTarget | SecondAdminTarget;
export const CHANGE_TARGETS: readonly ChangeTarget[] = [...RAISE_TARGETS, ...SECOND_ADMIN_TARGETS];
export type ChangeStatus = 'pending' | 'approved' | 'rejected';

export interface EconomyChangeRow {
  id: string;
  target: ChangeTarget;
  target_id: number | null;
  before: unknown;
  after: unknown;
  baseline: unknown;
  proposed_by: number;
  status: ChangeStatus;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, target, target_id, before, after, baseline, proposed_by, status, decided_by, decided_at, created_at`;

/** The only door to `economy_changes` and `economy_baselines`. */
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
      baseline: unknown;
      proposedBy: number;
    },
  ): Promise<EconomyChangeRow> {
    const [row]: EconomyChangeRow[] = await db.query(
      `INSERT INTO economy_changes (target, target_id, before, after, baseline, proposed_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [
        change.target,
        change.targetId,
        JSON.stringify(change.before ?? null),
        JSON.stringify(change.after),
        change.baseline === null || change.baseline === undefined
          ? null
          : JSON.stringify(change.baseline),
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

  async find(id: number): Promise<EconomyChangeRow | undefined> {
    const [row]: EconomyChangeRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM economy_changes WHERE id = $1`,
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

  /**
   * The target's approved value, its row locked until the transaction ends
   * (changes of one target are held one at a time). A target seen for the
   * first time takes `current` (the value in force: seeded or created) as
   * its baseline; with no current value (nothing yet) there is none: null.
   */
  async lockBaseline(
    db: EntityManager,
    target: RaiseTarget,
    targetId: number,
    current: unknown,
  ): Promise<unknown> {
    if (current !== null && current !== undefined) {
      await db.query(
        `INSERT INTO economy_baselines (target, target_id, value) VALUES ($1, $2, $3)
         ON CONFLICT (target, target_id) DO NOTHING`,
        [target, targetId, JSON.stringify(current)],
      );
    }
    const [row]: { value: unknown }[] = await db.query(
      `SELECT value FROM economy_baselines WHERE target = $1 AND target_id = $2 FOR UPDATE`,
      [target, targetId],
    );
    return row?.value ?? null;
  }

  /** An approved change moves its target's baseline to what it made. */
  async moveBaseline(
    db: EntityManager,
    target: RaiseTarget,
    targetId: number,
    value: unknown,
    changeId: number,
  ): Promise<void> {
    await db.query(
      `INSERT INTO economy_baselines (target, target_id, value, change_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (target, target_id) DO UPDATE
         SET value = EXCLUDED.value, change_id = EXCLUDED.change_id, updated_at = now()`,
      [target, targetId, JSON.stringify(value), changeId],
    );
  }

  /** Every approved value, for the console's warning ahead of a change. */
  baselines(): Promise<BaselineRow[]> {
    return this.dataSource.query(
      `SELECT target, target_id, value, change_id, updated_at FROM economy_baselines
       ORDER BY target, target_id`,
    );
  }
}

export interface BaselineRow {
  target: RaiseTarget;
  target_id: number;
  value: unknown;
  change_id: string | null;
  updated_at: Date;
}
