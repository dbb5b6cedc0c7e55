import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_VIP_LEVEL, microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { PackageItem } from './economy.dto';
import { PackageRow, TeamRate } from './economy.entities';

export const ECONOMY_CACHE_MS = 5_000;

interface Economy {
  tiers: Map<number, PackageRow>;
  /** rate in basis points by depth (1 to 3) */
  teamRates: Map<number, number>;
  loadedAt: number;
}

/**
 * The economy table (`packages`) and the team commission rates
 * (`team_rates`). Every reward and purchase needs them, so they are kept in
 * memory for ECONOMY_CACHE_MS: an operator's change takes effect within that
 * time. A refresh reads through the caller's transaction: asking the pool for
 * a second connection while holding one starves the pool under load.
 */
@Injectable()
export class EconomyService {
  private economy?: Economy;

  constructor(private readonly dataSource: DataSource) {}

  private async load(db: EntityManager): Promise<Economy> {
    if (this.economy && Date.now() - this.economy.loadedAt <= ECONOMY_CACHE_MS) return this.economy;
    const [tiers, rates] = await Promise.all([
      db.getRepository(PackageRow).find(),
      db.getRepository(TeamRate).find(),
    ]);
    this.economy = {
      tiers: new Map(tiers.map((row) => [row.vipLevel, row])),
      teamRates: new Map(rates.map((row) => [row.depth, row.rateBp])),
      loadedAt: Date.now(),
    };
    return this.economy;
  }

  /** One level's row of the economy table. */
  async tier(level: number, db: EntityManager): Promise<PackageRow> {
    const row = level <= MAX_VIP_LEVEL ? (await this.load(db)).tiers.get(level) : undefined;
    if (!row) throw new AppError('UNKNOWN_VIP_LEVEL');
    return row;
  }

  /** The commission rate for an inviter `depth` levels above the earner (0 when none). */
  async teamRate(depth: number, db: EntityManager): Promise<number> {
    return (await this.load(db)).teamRates.get(depth) ?? 0;
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
