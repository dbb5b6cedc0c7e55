import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { AppSetting, PackageRow, SETTING_CARD, SETTING_MAIN_MESSAGE } from './content.entities';
import { CardResponse, PackageItem } from './content.dto';
import { MainMessage } from '../messages/messages.dto';

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
    if (!card) throw AppError.notFound('No card is configured');
    return { card };
  }

  /** One level's row of the economy table, read inside the caller's transaction. */
  async tier(level: number, manager: EntityManager = this.dataSource.manager): Promise<PackageRow> {
    const row = await manager.getRepository(PackageRow).findOneBy({ vipLevel: level });
    if (!row) throw AppError.badRequest('UNKNOWN_VIP_LEVEL', 'This VIP level is not offered');
    return row;
  }

  async packages(): Promise<PackageItem[]> {
    const rows = await this.dataSource
      .getRepository(PackageRow)
      .find({ order: { vipLevel: 'ASC' } });
    return rows.map((row) => ({
      vip_level: row.vipLevel,
      price: microToNumber(row.priceMicro),
      daily_trailers: row.dailyTrailers,
      reward_per_trailer: microToNumber(row.rewardMicro),
      membership_days: row.membershipDays,
    }));
  }
}
