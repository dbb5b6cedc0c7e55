import { MigrationInterface, QueryRunner } from 'typeorm';

const RAISE_TARGETS = `'package', 'team_rates', 'challenge', 'campaign'`;
const SECOND_ADMIN_TARGETS = `'card', 'support_url', 'card_rates'`;

/**
 * Issue 36: an economy change is held against the last value a second admin
 * approved, not the value just before it. economy_baselines keeps that value
 * per target (a package level, the team rates, a challenge, a campaign):
 * written the first time the target is changed (the value then in force:
 * seeded or created) and moved by each approved change. economy_changes
 * records the baseline each change was held against, and takes the targets
 * that always wait for a second admin while the club has two: the club's
 * card, the support link and the card exchange rates.
 */
export class EconomyBaselines1766840000000 implements MigrationInterface {
  name = 'EconomyBaselines1766840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE economy_baselines (
        target varchar(16) NOT NULL CHECK (target IN (${RAISE_TARGETS})),
        -- the VIP level, challenge or campaign id; 0 for the team rates
        target_id integer NOT NULL,
        value jsonb NOT NULL,
        -- the approved change that set it; null: the value in force when first held
        change_id bigint REFERENCES economy_changes(id),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (target, target_id)
      )`);
    await q.query(`ALTER TABLE economy_changes ADD COLUMN baseline jsonb`);
    await q.query(`ALTER TABLE economy_changes DROP CONSTRAINT economy_changes_target_check`);
    await q.query(`
      ALTER TABLE economy_changes ADD CONSTRAINT economy_changes_target_check
        CHECK (target IN (${RAISE_TARGETS}, ${SECOND_ADMIN_TARGETS}))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM economy_changes WHERE target IN (${SECOND_ADMIN_TARGETS})`);
    await q.query(`ALTER TABLE economy_changes DROP CONSTRAINT economy_changes_target_check`);
    await q.query(`
      ALTER TABLE economy_changes ADD CONSTRAINT economy_changes_target_check
        CHECK (target IN (${RAISE_TARGETS}))`);
    await q.query(`ALTER TABLE economy_changes DROP COLUMN baseline`);
    await q.query(`DROP TABLE economy_baselines`);
  }
}
