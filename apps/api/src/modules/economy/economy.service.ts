import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  MAX_VIP_LEVEL,
  type PackageTerms,
  microToNumber,
  packageRaise,
  parseMicro,
  ratesRaise,
} from '@app/domain';
import { AppError } from '../../common/app-error';
import { EconomyChangesService } from '../approvals/economy-changes.service';
import { AuditService } from '../audit/audit.service';
import { PackageItem, PackagesAnswer, TeamRatesAnswer } from './economy.dto';
import { PackageRow } from './economy.entities';
import { EconomyRepository } from './economy.repository';

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
    private readonly repository: EconomyRepository,
    private readonly audit: AuditService,
    private readonly changes: EconomyChangesService,
  ) {
    // A second admin's approval carries the waiting change out as proposed.
    changes.register('package', async (db, { targetId, after, operatorId }) => {
      const level = targetId!;
      const before = await this.repository.lockPackage(db, level);
      if (!before) throw new AppError('UNKNOWN_VIP_LEVEL');
      const item = after as PackageItem;
      await this.writePackage(db, operatorId, level, before, {
        price: parseMicro(item.price)!,
        dailyTrailers: item.daily_trailers,
        reward: parseMicro(item.reward_per_trailer)!,
        membershipDays: item.membership_days,
      });
      this.economy = undefined;
    });
    changes.register('team_rates', async (db, { after, operatorId }) => {
      await this.writeTeamRates(db, operatorId, await this.teamRates(db), after as Rates);
      this.economy = undefined;
    });
  }

  private async load(db: EntityManager): Promise<Economy> {
    if (this.economy && Date.now() - this.economy.loadedAt <= ECONOMY_CACHE_MS) return this.economy;
    const [tiers, rates] = await Promise.all([
      this.repository.allPackages(db),
      this.repository.teamRates(db),
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
   * API process reads it within ECONOMY_CACHE_MS; this one at once. A change
   * that pays members more than ECONOMY_RAISE_APPROVAL_PERCENT above the
   * level's approved terms (libs/domain packageRaise: reward, daily pay, pay
   * per membership and per USDT of price) only proposes: it waits for a
   * second admin (approvals/economy-changes).
   */
  async setPackage(
    operatorId: number,
    level: number,
    values: PackageValues,
  ): Promise<PackagesAnswer> {
    const pending = await this.dataSource.transaction(async (db) => {
      const before = await this.repository.lockPackage(db, level);
      if (!before) throw new AppError('UNKNOWN_VIP_LEVEL');
      const waiting = await this.changes.holdRaise(
        db,
        {
          target: 'package',
          targetId: level,
          current: packageItem(before),
          next: packageAfter(before, values),
          raises: (approved, next, percent) =>
            packageRaise(packageTerms(approved ?? next), packageTerms(next), percent),
        },
        operatorId,
      );
      if (!waiting) await this.writePackage(db, operatorId, level, before, values);
      return waiting ? [waiting] : [];
    });
    this.economy = undefined;
    return { packages: await this.packages(), pending_changes: pending };
  }

  private async writePackage(
    db: EntityManager,
    operatorId: number,
    level: number,
    before: PackageRow,
    values: PackageValues,
  ) {
    await this.repository.updatePackage(db, level, values);
    await this.audit.record(db, operatorId, 'economy.package', null, {
      vip_level: level,
      before: packageItem(before),
      after: packageAfter(before, values),
    });
  }

  async teamRates(db?: EntityManager): Promise<Rates> {
    const rows = await this.repository.teamRates(db);
    const rate = (depth: number) => (rows.find((r) => r.depth === depth)?.rateBp ?? 0) / 100;
    return { level1: rate(1), level2: rate(2), level3: rate(3) };
  }

  /**
   * Audited with before and after; a raise of any level beyond
   * ECONOMY_RAISE_APPROVAL_PERCENT over the approved rates waits for a second admin.
   */
  async setTeamRates(operatorId: number, rates: Rates): Promise<TeamRatesAnswer> {
    const next = { level1: rates.level1, level2: rates.level2, level3: rates.level3 };
    const pending = await this.dataSource.transaction(async (db) => {
      const before = await this.teamRates(db);
      const waiting = await this.changes.holdRaise(
        db,
        {
          target: 'team_rates',
          targetId: null,
          current: before,
          next,
          raises: (approved, after, percent) =>
            ratesRaise(basisPoints(approved ?? after), basisPoints(after), percent),
        },
        operatorId,
      );
      if (!waiting) await this.writeTeamRates(db, operatorId, before, next);
      return waiting ? [waiting] : [];
    });
    this.economy = undefined;
    return { ...(await this.teamRates()), pending_changes: pending };
  }

  private async writeTeamRates(db: EntityManager, operatorId: number, before: Rates, rates: Rates) {
    for (const [depth, percent] of [rates.level1, rates.level2, rates.level3].entries()) {
      await this.repository.upsertTeamRate(db, depth + 1, Math.round(percent * 100));
    }
    await this.audit.record(db, operatorId, 'economy.team_rates', null, { before, after: rates });
  }

  async packages(): Promise<PackageItem[]> {
    const rows = await this.repository.packages();
    return rows.map(packageItem);
  }
}

type Rates = { level1: number; level2: number; level3: number };

/** Percent rates by level as basis points, the unit libs/domain compares. */
const basisPoints = (r: Rates) => [r.level1, r.level2, r.level3].map((p) => Math.round(p * 100));

/** A package item's terms as libs/domain compares them. */
const packageTerms = (item: PackageItem): PackageTerms => ({
  price: parseMicro(item.price)!,
  reward: parseMicro(item.reward_per_trailer)!,
  dailyTrailers: item.daily_trailers,
  membershipDays: item.membership_days,
});
type PackageValues = {
  price: bigint;
  dailyTrailers: number;
  reward: bigint;
  membershipDays: number;
};

function packageAfter(before: PackageRow, values: PackageValues): PackageItem {
  return packageItem({
    ...before,
    priceMicro: values.price,
    dailyTrailers: values.dailyTrailers,
    rewardMicro: values.reward,
    membershipDays: values.membershipDays,
  } as PackageRow);
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
