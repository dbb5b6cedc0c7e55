import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { AppSetting, SETTING_CARD, SETTING_MAIN_MESSAGE } from './content.entities';
import { CardResponse, MainMessage } from './content.dto';

/** Owns `app_settings`: operator-editable texts. */
@Injectable()
export class ContentService {
  constructor(private readonly dataSource: DataSource) {}

  async setting(key: string): Promise<string | null> {
    const row = await this.dataSource.getRepository(AppSetting).findOneBy({ key });
    return row?.value ?? null;
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

  async mainMessage(): Promise<MainMessage> {
    const message = await this.setting(SETTING_MAIN_MESSAGE);
    return message ? { message } : {};
  }

  async card(): Promise<CardResponse> {
    const card = await this.setting(SETTING_CARD);
    if (!card) throw new AppError('NOT_FOUND', 'No card is configured');
    return { card };
  }
}
