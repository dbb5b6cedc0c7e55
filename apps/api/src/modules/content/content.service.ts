import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/app-error';
import { AppSetting, SETTING_CARD, SETTING_MAIN_MESSAGE } from './content.entities';
import { CardResponse, MainMessage } from './content.dto';

/** Owns `app_settings`: operator-editable texts. */
@Injectable()
export class ContentService {
  constructor(private readonly dataSource: DataSource) {}

  private async setting(key: string): Promise<string | null> {
    const row = await this.dataSource.getRepository(AppSetting).findOneBy({ key });
    return row?.value ?? null;
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
