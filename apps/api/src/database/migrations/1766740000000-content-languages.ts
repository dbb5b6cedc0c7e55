import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Content in three languages (contract section 10): trailers' and messages'
 * titles and texts become jsonb maps `{"ru": ..., "en": ..., "uz": ...}`; the
 * text written so far was English, so it becomes `en` (the seed adds ru and
 * uz to its own rows). A banner may be meant for one language (its image
 * carries words); null shows it to every reader.
 */
export class ContentLanguages1766740000000 implements MigrationInterface {
  name = 'ContentLanguages1766740000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['trailers', 'messages']) {
      await q.query(`
        ALTER TABLE ${table}
          ALTER COLUMN title DROP DEFAULT,
          ALTER COLUMN title TYPE jsonb USING jsonb_build_object('en', title),
          ALTER COLUMN description DROP DEFAULT,
          ALTER COLUMN description TYPE jsonb
            USING CASE WHEN description = '' THEN '{}'::jsonb ELSE jsonb_build_object('en', description) END,
          ALTER COLUMN description SET DEFAULT '{}'::jsonb,
          ADD CONSTRAINT ${table}_title_languages CHECK (jsonb_typeof(title) = 'object' AND title <> '{}'::jsonb),
          ADD CONSTRAINT ${table}_description_languages CHECK (jsonb_typeof(description) = 'object')`);
    }
    await q.query(
      `ALTER TABLE banners ADD COLUMN lang varchar(2) CHECK (lang IN ('ru', 'en', 'uz'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE banners DROP COLUMN lang`);
    for (const table of ['trailers', 'messages']) {
      const pick = (column: string) =>
        `COALESCE(${column}->>'en', ${column}->>'ru', ${column}->>'uz', '')`;
      await q.query(`
        ALTER TABLE ${table}
          DROP CONSTRAINT ${table}_title_languages,
          DROP CONSTRAINT ${table}_description_languages,
          ALTER COLUMN title TYPE varchar(200) USING left(${pick('title')}, 200),
          ALTER COLUMN description DROP DEFAULT,
          ALTER COLUMN description TYPE text USING ${pick('description')}`);
      if (table === 'trailers') {
        await q.query(`ALTER TABLE trailers ALTER COLUMN description SET DEFAULT ''`);
      }
    }
  }
}
