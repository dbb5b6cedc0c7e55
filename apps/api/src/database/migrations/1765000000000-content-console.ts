import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trailers become operator content: a category (the /category tabs), an
 * order, and a published flag (unpublished ones are the operator's drafts).
 */
export class ContentConsole1765000000000 implements MigrationInterface {
  name = 'ContentConsole1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE trailers
        ADD COLUMN category varchar(8) NOT NULL DEFAULT 'hot' CHECK (category IN ('hot', 'new', 'soon')),
        ADD COLUMN sort_order integer NOT NULL DEFAULT 0,
        ADD COLUMN published boolean NOT NULL DEFAULT true`);
    await q.query(
      `CREATE INDEX trailers_published_idx ON trailers (sort_order, id DESC) WHERE published`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX trailers_published_idx`);
    await q.query(
      `ALTER TABLE trailers DROP COLUMN category, DROP COLUMN sort_order, DROP COLUMN published`,
    );
  }
}
