import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { AppSetting, PackageRow, SETTING_CARD, SETTING_MAIN_MESSAGE } from './content.entities';
import { CardResponse, PackageItem } from './content.dto';
import { MainMessage } from '../messages/messages.dto';

export const ECONOMY_CACHE_MS = 5_000;

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

  private economy?: { rows: Map<number, PackageRow>; loadedAt: number };

  /**
   * One level's row of the economy table. Every reward and purchase needs it,
   * so the table is kept in memory for ECONOMY_CACHE_MS: an operator's change
   * takes effect within that time. A refresh reads through the caller's
   * transaction: asking the pool for a second connection while holding one
   * starves the pool under load.
   */
  async tier(level: number, manager: EntityManager): Promise<PackageRow> {
    if (!this.economy || Date.now() - this.economy.loadedAt > ECONOMY_CACHE_MS) {
      const rows = await manager.getRepository(PackageRow).find();
      this.economy = {
        rows: new Map(rows.map((row) => [row.vipLevel, row])),
        loadedAt: Date.now(),
      };
    }
    const row = this.economy.rows.get(level);
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
