import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_VIP_LEVEL, microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { AuditService } from '../audit/audit.service';
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

  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
  ) {}

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

  /**
   * An operator's edit of one level (audited with before and after). Every
   * API process reads it within ECONOMY_CACHE_MS; this one at once.
   */
  async setPackage(
    operatorId: number,
    level: number,
    values: { price: bigint; dailyTrailers: number; reward: bigint; membershipDays: number },
  ): Promise<PackageItem[]> {
    await this.dataSource.transaction(async (db) => {
      const before = await db
        .getRepository(PackageRow)
        .findOne({ where: { vipLevel: level }, lock: { mode: 'pessimistic_write' } });
      if (!before) throw new AppError('UNKNOWN_VIP_LEVEL');
      await db.getRepository(PackageRow).update(
        { vipLevel: level },
        {
          priceMicro: values.price,
          dailyTrailers: values.dailyTrailers,
          rewardMicro: values.reward,
          membershipDays: values.membershipDays,
          updatedAt: new Date(),
        },
      );
      await this.audit.record(db, operatorId, 'economy.package', null, {
        vip_level: level,
        before: packageItem(before),
        after: packageItem({
          ...before,
          ...values,
          priceMicro: values.price,
          rewardMicro: values.reward,
        }),
      });
    });
    this.economy = undefined;
    return this.packages();
  }

  async teamRates(): Promise<{ level1: number; level2: number; level3: number }> {
    const rows = await this.dataSource.getRepository(TeamRate).find();
    const rate = (depth: number) => (rows.find((r) => r.depth === depth)?.rateBp ?? 0) / 100;
    return { level1: rate(1), level2: rate(2), level3: rate(3) };
  }

  async setTeamRates(
    operatorId: number,
    rates: { level1: number; level2: number; level3: number },
  ) {
    const before = await this.teamRates();
    await this.dataSource.transaction(async (db) => {
      for (const [depth, percent] of [rates.level1, rates.level2, rates.level3].entries()) {
        await db.query(
          `INSERT INTO team_rates (depth, rate_bp) VALUES ($1, $2)
           ON CONFLICT (depth) DO UPDATE SET rate_bp = EXCLUDED.rate_bp, updated_at = now()`,
          [depth + 1, Math.round(percent * 100)],
        );
      }
      await this.audit.record(db, operatorId, 'economy.team_rates', null, { before, after: rates });
    });
    this.economy = undefined;
    return this.teamRates();
  }

  async packages(): Promise<PackageItem[]> {
    const rows = await this.dataSource
      .getRepository(PackageRow)
      .find({ order: { vipLevel: 'ASC' } });
    return rows.map(packageItem);
  }
}

function packageItem(row: PackageRow): PackageItem {
  return {
    vip_level: row.vipLevel,
    price: microToNumber(row.priceMicro),
    daily_trailers: row.dailyTrailers,
    reward_per_trailer: microToNumber(row.rewardMicro),
    membership_days: row.membershipDays,
  };
}
