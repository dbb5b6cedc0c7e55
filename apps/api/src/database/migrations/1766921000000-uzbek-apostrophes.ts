import { MigrationInterface, QueryRunner } from 'typeorm';

const LETTER = `A-Za-z\u00C0-\u024F`;
const SIGNS = `'\`\u2018\u2019\u02BB\u02BC\u00B4`.replace(/'/g, "''");

/** Signs that are never a quote: a word-final one after o or g is its oʻ or gʻ (bogʻ). */
const TYPOGRAPHIC = `\u2018\u2019\u02BC\u00B4`;

/**
 * The Uzbek text `expr` in the one apostrophe form (libs/domain uzbek.ts):
 * a sign between letters is ʻ (U+02BB) after o or g, else ʼ (U+02BC); a
 * typographic sign closing a word after o or g is ʻ too.
 */
const uzbek = (expr: string) => `regexp_replace(regexp_replace(
    regexp_replace(${expr}, '([oOgG])[${SIGNS}](?=[${LETTER}])', '\\1\u02BB', 'g'),
    '([A-FH-NP-Za-fh-np-z\u00C0-\u024F])[${SIGNS}](?=[${LETTER}])', '\\1\u02BC', 'g'),
    '([oOgG])[${TYPOGRAPHIC}](?![${LETTER}])', '\\1\u02BB', 'g')`;

/**
 * Uzbek content already stored (trailers, messages, the home strip) in the
 * one apostrophe form that the API now writes (issue 39). Idempotent.
 */
export class UzbekApostrophes1766921000000 implements MigrationInterface {
  name = 'UzbekApostrophes1766921000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['trailers', 'messages']) {
      for (const column of ['title', 'description']) {
        await q.query(`
          UPDATE ${table} SET ${column} = jsonb_set(${column}, '{uz}', to_jsonb(${uzbek(`${column}->>'uz'`)}))
          WHERE jsonb_typeof(${column}->'uz') = 'string'
            AND ${column}->>'uz' IS DISTINCT FROM ${uzbek(`${column}->>'uz'`)}`);
      }
    }
    await q.query(`
      UPDATE app_settings SET value = ${uzbek('value')}, updated_at = now()
      WHERE key = 'main_message.uz' AND value IS DISTINCT FROM ${uzbek('value')}`);
  }

  async down(): Promise<void> {
    // The other forms are not kept: there is nothing to go back to.
  }
}
