import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An invitation campaign's name in the members' languages (issue 39): `name`
 * stays the operators' name for it, and what a reader gets while no language
 * is written; `names` holds it per language (`{"ru": …, "en": …, "uz": …}`),
 * read like the rest of the content (the reader's, else Russian, else any).
 */
export class CampaignNames1766931000000 implements MigrationInterface {
  name = 'CampaignNames1766931000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE promotion_campaigns ADD COLUMN names jsonb NOT NULL DEFAULT '{}'::jsonb
         CHECK (jsonb_typeof(names) = 'object')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE promotion_campaigns DROP COLUMN names`);
  }
}
