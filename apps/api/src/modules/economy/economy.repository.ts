import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { PackageRow, TeamRate } from './economy.entities';

/** The only door to `packages` and `team_rates`. */
@Injectable()
export class EconomyRepository {
  constructor(private readonly dataSource: DataSource) {}

  packages(db: EntityManager | DataSource = this.dataSource): Promise<PackageRow[]> {
    return db.getRepository(PackageRow).find({ order: { vipLevel: 'ASC' } });
  }

  /** Every package row (unordered), through the caller's transaction. */
  allPackages(db: EntityManager): Promise<PackageRow[]> {
    return db.getRepository(PackageRow).find();
  }

  teamRates(db: EntityManager | DataSource = this.dataSource): Promise<TeamRate[]> {
    return db.getRepository(TeamRate).find();
  }

  /** One level's package, its row locked. */
  lockPackage(db: EntityManager, level: number): Promise<PackageRow | null> {
    return db
      .getRepository(PackageRow)
      .findOne({ where: { vipLevel: level }, lock: { mode: 'pessimistic_write' } });
  }

  async updatePackage(
    db: EntityManager,
    level: number,
    values: { price: bigint; dailyTrailers: number; reward: bigint; membershipDays: number },
  ): Promise<void> {
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
  }

  async upsertTeamRate(db: EntityManager, depth: number, rateBp: number): Promise<void> {
    await db.query(
      `INSERT INTO team_rates (depth, rate_bp) VALUES ($1, $2)
       ON CONFLICT (depth) DO UPDATE SET rate_bp = EXCLUDED.rate_bp, updated_at = now()`,
      [depth, rateBp],
    );
  }
}
