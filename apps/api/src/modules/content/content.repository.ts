import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { AppSetting } from './content.entities';
import type { Language } from '../../common/language';
import { BannerItem } from './content.dto';

export interface BannerRow {
  id: number;
  image_url: string;
  link: string | null;
  sort_order: number;
  lang: Language | null;
}

/** The only door to `app_settings` and `banners`. */
@Injectable()
export class ContentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async setting(key: string): Promise<string | null> {
    const row = await this.dataSource.getRepository(AppSetting).findOneBy({ key });
    return row?.value ?? null;
  }

  /** Through the caller's transaction when given. */
  settings(
    keys: string[],
    db: EntityManager | DataSource = this.dataSource,
  ): Promise<AppSetting[]> {
    return db.getRepository(AppSetting).find({ where: { key: In(keys) } });
  }

  /** Writes a setting inside the caller's transaction; returns the value it replaced. */
  async replaceSetting(db: EntityManager, key: string, value: string): Promise<string | null> {
    const [before]: { value: string }[] = await db.query(
      `SELECT value FROM app_settings WHERE key = $1 FOR UPDATE`,
      [key],
    );
    await db.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, $2)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, value],
    );
    return before?.value ?? null;
  }

  async removeSetting(db: EntityManager, key: string): Promise<void> {
    await db.query(`DELETE FROM app_settings WHERE key = $1`, [key]);
  }

  banners(): Promise<BannerItem[]> {
    return this.dataSource.query(
      `SELECT id, image_url, link, sort_order, lang FROM banners ORDER BY sort_order, id`,
    );
  }

  async insertBanner(
    db: EntityManager,
    imageUrl: string | null,
    link: string | null,
    sortOrder: number,
    lang: Language | null,
  ): Promise<BannerRow> {
    const [row]: BannerRow[] = await db.query(
      `INSERT INTO banners (image_url, link, sort_order, lang) VALUES ($1, $2, $3, $4)
       RETURNING id, image_url, link, sort_order, lang`,
      [imageUrl, link, sortOrder, lang],
    );
    return row;
  }

  /** Deletes a banner; the row it deleted, or undefined when there was none. */
  async deleteBanner(db: EntityManager, id: number): Promise<BannerRow | undefined> {
    const [[row]] = (await db.query(
      `DELETE FROM banners WHERE id = $1 RETURNING id, image_url, link, sort_order, lang`,
      [id],
    )) as [BannerRow[], number];
    return row;
  }
}
