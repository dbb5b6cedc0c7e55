import { MigrationInterface, QueryRunner } from 'typeorm';

/** Home banners uploaded by operators (the image is public, like posters), in their order. */
export class Banners1765100000000 implements MigrationInterface {
  name = 'Banners1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE banners (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        image_url varchar(500) NOT NULL,
        link varchar(500),
        sort_order integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE banners`);
  }
}
