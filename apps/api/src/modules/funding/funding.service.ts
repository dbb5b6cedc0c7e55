import { Inject, Injectable } from '@nestjs/common';
import {
  type CampaignForecast,
  FUNDING_HORIZON_DAYS,
  type LevelPay,
  campaignObligations,
  isUnfunded,
  microToNumber,
  parseMicro,
  rewardObligations,
  runwayDays,
} from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { EconomyChangesService, PayChange } from '../approvals/economy-changes.service';
import { EconomyService } from '../economy/economy.service';
import { LedgerReportService } from '../ledger/ledger-report.service';
import { LedgerService } from '../ledger/ledger.service';
import { CampaignsService } from '../promotions/campaigns.service';
import { ProofsService } from '../proofs/proofs.service';
import { UsersService } from '../users/users.service';
import { FundingForecast, TransparencyAnswer } from './funding.dto';
import { ShortCache } from '../../common/short-cache';

/** The terms that decide what the club has promised: every level's pay, team rates, campaigns. */
interface Terms {
  pay: LevelPay[];
  ratesBp: number[];
  campaigns: (CampaignForecast & { id: number })[];
}

/** What the club holds beyond members' money, and what it has promised, micro-USDT. */
interface Position {
  surplus: bigint;
  sponsorFunds: bigint;
  available: bigint;
}

const micro = (value: unknown): bigint => parseMicro(value as number | string) ?? 0n;

/**
 * The club's money in public (issue 37, contract section 11): where last
 * month's payouts came from, what the next days promise at today's levels
 * and memberships, and how long the club can pay it (`GET /transparency`);
 * and the guard that refuses an economy change or campaign the club cannot
 * fund (ECONOMY_UNFUNDED), registered with the economy changes every change
 * of members' pay passes through.
 */
@Injectable()
export class FundingService {
  private readonly cached: ShortCache<'transparency', TransparencyAnswer>;

  constructor(
    private readonly ledger: LedgerService,
    private readonly reports: LedgerReportService,
    private readonly proofs: ProofsService,
    private readonly users: UsersService,
    private readonly economy: EconomyService,
    private readonly campaigns: CampaignsService,
    private readonly changes: EconomyChangesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    changes.registerFundingGuard((change) => this.assertFunded(change));
    this.cached = new ShortCache(config.TRANSPARENCY_CACHE_SECONDS * 1000, 1);
  }

  /** The public figures, read at most every TRANSPARENCY_CACHE_SECONDS. */
  transparency(): Promise<TransparencyAnswer> {
    return this.cached.get('transparency', () => this.readTransparency());
  }

  private async readTransparency(): Promise<TransparencyAnswer> {
    const asOf = new Date();
    const [proof, sponsorFunds, daily, obligations] = await Promise.all([
      this.proofs.latestFigures(),
      this.ledger.sponsorFunds(),
      this.reports.dailyPayouts(FUNDING_HORIZON_DAYS),
      this.obligations(FUNDING_HORIZON_DAYS, await this.terms()),
    ]);
    const liabilities = proof?.liabilities ?? 0n;
    const reserves = proof?.reserves ?? 0n;
    const surplus = reserves - liabilities;
    const sum = (pick: (d: (typeof daily)[number]) => bigint) =>
      daily.reduce((total, d) => total + pick(d), 0n);
    return {
      as_of: asOf.toISOString(),
      liabilities: microToNumber(liabilities),
      reserves: microToNumber(reserves),
      surplus: microToNumber(surplus),
      sponsor_funds: microToNumber(sponsorFunds),
      payouts_30d: {
        total: microToNumber(sum((d) => d.total)),
        from_sponsor_funds: microToNumber(sum((d) => d.fromSponsorFunds)),
        from_club_revenue: microToNumber(sum((d) => d.fromClubRevenue)),
      },
      payouts_daily: daily.map((d) => ({
        day: d.day,
        total: microToNumber(d.total),
        from_sponsor_funds: microToNumber(d.fromSponsorFunds),
        from_club_revenue: microToNumber(d.fromClubRevenue),
      })),
      obligations_30d: microToNumber(obligations),
      runway_days: runwayDays(surplus + sponsorFunds, obligations, FUNDING_HORIZON_DAYS),
      block: proof?.block ?? null,
      proof_created_at: proof?.createdAt.toISOString() ?? null,
    };
  }

  /**
   * For the console before an admin approves a change: the runway at the
   * terms in force, and with the waiting change `changeId` in force.
   */
  async forecast(changeId?: number): Promise<FundingForecast> {
    const days = this.config.ECONOMY_FUNDING_DAYS || FUNDING_HORIZON_DAYS;
    const change = changeId === undefined ? null : await this.changes.find(changeId);
    if (changeId !== undefined && !change)
      throw new AppError('NOT_FOUND', 'Economy change not found');
    const terms = await this.terms();
    const [position, before] = await Promise.all([this.position(), this.obligations(days, terms)]);
    const next =
      change &&
      this.withChange(terms, {
        target: change.target,
        targetId: change.target_id,
        next: change.after,
      });
    const after = next ? await this.obligations(days, next) : null;
    return {
      days,
      available: microToNumber(position.available),
      surplus: microToNumber(position.surplus),
      sponsor_funds: microToNumber(position.sponsorFunds),
      obligations: microToNumber(before),
      runway_days: runwayDays(position.available, before, days),
      after:
        after === null
          ? null
          : {
              obligations: microToNumber(after),
              runway_days: runwayDays(position.available, after, days),
              funded:
                this.config.ECONOMY_FUNDING_DAYS === 0 ||
                !isUnfunded(before, after, position.available),
            },
    };
  }

  /**
   * ECONOMY_UNFUNDED for a change that promises more over the next
   * ECONOMY_FUNDING_DAYS days than the terms in force, and more than the
   * surplus of the latest proof plus sponsor funds.
   */
  private async assertFunded(change: PayChange): Promise<void> {
    const days = this.config.ECONOMY_FUNDING_DAYS;
    if (days === 0) return;
    const terms = await this.terms();
    const next = this.withChange(terms, change);
    if (!next) return;
    const [position, before, after] = await Promise.all([
      this.position(),
      this.obligations(days, terms),
      this.obligations(days, next),
    ]);
    if (isUnfunded(before, after, position.available)) {
      throw new AppError(
        'ECONOMY_UNFUNDED',
        `The next ${days} days' obligations would be ${microToNumber(after)} USDT, above the surplus plus sponsor funds of ${microToNumber(position.available)} USDT`,
      );
    }
  }

  private async position(): Promise<Position> {
    const [proof, sponsorFunds] = await Promise.all([
      this.proofs.latestFigures(),
      this.ledger.sponsorFunds(),
    ]);
    // Before the first proof nothing on chain is known: no surplus to count on.
    const surplus = proof ? proof.reserves - proof.liabilities : -(await this.ledger.liabilities());
    return { surplus, sponsorFunds, available: surplus + sponsorFunds };
  }

  /** Rewards, commissions and campaign bonuses over the next `days` days at `terms`. */
  private async obligations(days: number, terms: Terms): Promise<bigint> {
    const [exposure, sales] = await Promise.all([
      this.users.rewardExposure(days),
      this.reports.dailyPackageSales(FUNDING_HORIZON_DAYS),
    ]);
    const purchases = new Map<number, number>();
    for (const s of sales) purchases.set(s.vip_level, (purchases.get(s.vip_level) ?? 0) + s.count);
    return (
      rewardObligations(exposure, terms.pay, terms.ratesBp) +
      campaignObligations(terms.campaigns, purchases, Date.now(), days, FUNDING_HORIZON_DAYS)
    );
  }

  private async terms(): Promise<Terms> {
    const [packages, rates, campaigns] = await Promise.all([
      this.economy.packages(),
      this.economy.teamRates(),
      this.campaigns.list(),
    ]);
    return {
      pay: packages.map((p) => ({
        level: p.vip_level,
        dailyTrailers: p.daily_trailers,
        rewardMicro: micro(p.reward_per_trailer),
      })),
      ratesBp: [rates.level1, rates.level2, rates.level3].map((p) => Math.round(p * 100)),
      campaigns: campaigns.map((c) => campaignForecast(c.id, c)),
    };
  }

  /** `terms` with `change` in force, or null for a change that pays nothing the forecast counts. */
  private withChange(terms: Terms, change: PayChange): Terms | null {
    const next = change.next as Record<string, unknown>;
    switch (change.target) {
      case 'package':
        return {
          ...terms,
          pay: terms.pay.map((p) =>
            p.level === change.targetId
              ? {
                  level: p.level,
                  dailyTrailers: Number(next.daily_trailers),
                  rewardMicro: micro(next.reward_per_trailer),
                }
              : p,
          ),
        };
      case 'team_rates':
        return {
          ...terms,
          ratesBp: [next.level1, next.level2, next.level3].map((p) => Math.round(Number(p) * 100)),
        };
      case 'campaign':
        return {
          ...terms,
          campaigns: [
            ...terms.campaigns.filter((c) => change.targetId === null || c.id !== change.targetId),
            campaignForecast(change.targetId ?? 0, next),
          ],
        };
      default:
        // Challenges pay per claim an operator decides: not forecast (docs/decisions.md).
        return null;
    }
  }
}

function campaignForecast(
  id: number,
  c: Record<string, unknown> | object,
): CampaignForecast & { id: number } {
  const v = c as Record<string, unknown>;
  return {
    id,
    startsAt: Date.parse(String(v.starts_at)),
    endsAt: Date.parse(String(v.ends_at)),
    minVipLevel: Number(v.min_vip_level),
    inviterPointsMicro: micro(v.inviter_points),
    memberPointsMicro: micro(v.member_points),
  };
}
