import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource, EntityManager } from 'typeorm';
import { microToNumber, raisesBeyond } from '@app/domain';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { AppError } from '../../common/app-error';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { toMicro } from '../../common/validators';
import { EconomyChangesService } from '../approvals/economy-changes.service';
import { AuditService } from '../audit/audit.service';
import { BonusRules, CampaignBody, CampaignItem } from './campaigns.dto';
import { EconomyService } from '../economy/economy.service';
import { CampaignRow, CampaignValues, PromotionsRepository } from './promotions.repository';
import { PublicRoute } from '../redis/public-rate-limit';

const item = (row: CampaignRow): CampaignItem => ({
  id: row.id,
  name: row.name,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  min_vip_level: row.min_vip_level,
  inviter_points: microToNumber(BigInt(row.inviter_points_micro)),
  member_points: microToNumber(BigInt(row.member_points_micro)),
  hold_days: row.hold_days,
  running: row.running,
});

/** A campaign's values as stored, for an item of proposed values. */
const rowValues = (v: CampaignValues) => ({
  name: v.name,
  starts_at: v.startsAt,
  ends_at: v.endsAt,
  min_vip_level: v.minVipLevel,
  inviter_points_micro: v.inviterPoints.toString(),
  member_points_micro: v.memberPoints.toString(),
  hold_days: v.holdDays,
});

/** The values of an item (as a waiting change keeps them). */
const fromItem = (c: CampaignItem): CampaignValues => ({
  name: c.name,
  startsAt: new Date(c.starts_at),
  endsAt: new Date(c.ends_at),
  minVipLevel: c.min_vip_level,
  inviterPoints: toMicro(c.inviter_points),
  memberPoints: toMicro(c.member_points),
  holdDays: c.hold_days,
});

function values(body: CampaignBody): CampaignValues {
  const startsAt = new Date(body.starts_at);
  const endsAt = new Date(body.ends_at);
  if (!(endsAt > startsAt)) throw new AppError('BAD_REQUEST', 'ends_at must be after starts_at');
  return {
    name: body.name,
    startsAt,
    endsAt,
    minVipLevel: body.min_vip_level,
    inviterPoints: toMicro(body.inviter_points),
    memberPoints: toMicro(body.member_points),
    holdDays: body.hold_days,
  };
}

/** Invitation campaigns as operators run them (every change audited with before and after). */
@ApiTags('admin')
@Controller('admin/campaigns')
@Auth(...Staff.admin)
@Reach('none')
export class CampaignsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly promotions: PromotionsRepository,
    private readonly audit: AuditService,
    private readonly changes: EconomyChangesService,
  ) {
    // A second admin's approval carries a waiting raise out as proposed.
    changes.register('campaign', async (db, { targetId, after, operatorId }) => {
      await this.write(db, operatorId, targetId!, fromItem(after as CampaignItem));
    });
  }

  @Get()
  @Roles(...Staff.any)
  @ApiOperation({ summary: 'Invitation campaigns, latest first, with whether each runs now' })
  @ApiOkResponse({ type: [CampaignItem] })
  async listCampaigns(): Promise<CampaignItem[]> {
    return (await this.promotions.campaigns()).map(item);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start planning a campaign (audited)',
    description:
      "Bonuses are a raise of members' pay: the campaign is created without them and the bonuses wait for a " +
      'second admin (GET /admin/economy/changes) when ECONOMY_RAISE_APPROVAL_PERCENT is on.',
  })
  @ApiOkResponse({ type: CampaignItem })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  createCampaign(@CurrentUser() user: AuthUser, @Body() body: CampaignBody): Promise<CampaignItem> {
    const next = values(body);
    return this.dataSource.transaction(async (db) => {
      const waits = this.changes.raisePercent > 0 && next.inviterPoints + next.memberPoints > 0n;
      const row = await this.promotions.insertCampaign(
        db,
        waits ? { ...next, inviterPoints: 0n, memberPoints: 0n } : next,
      );
      await this.audit.record(db, user.id, 'campaign.create', null, { after: item(row) });
      if (waits) {
        await this.changes.propose(
          db,
          {
            target: 'campaign',
            targetId: row.id,
            before: item(row),
            after: item({ ...row, ...rowValues(next) }),
          },
          user.id,
        );
      }
      return item(row);
    });
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Change a campaign, for grants from now on (audited)',
    description:
      'A raise of either bonus beyond ECONOMY_RAISE_APPROVAL_PERCENT waits for a second admin; the answer shows the campaign as it stands.',
  })
  @ApiOkResponse({ type: CampaignItem })
  @ApiErrors('NOT_FOUND', 'BAD_REQUEST', 'VALIDATION_ERROR')
  updateCampaign(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: CampaignBody,
  ): Promise<CampaignItem> {
    const next = values(body);
    return this.dataSource.transaction(async (db) => {
      const current = (await this.promotions.campaigns()).find((c) => c.id === params.id);
      if (!current) throw new AppError('NOT_FOUND', 'Campaign not found');
      const percent = this.changes.raisePercent;
      const raise =
        percent > 0 &&
        (raisesBeyond(BigInt(current.inviter_points_micro), next.inviterPoints, percent) ||
          raisesBeyond(BigInt(current.member_points_micro), next.memberPoints, percent));
      if (raise) {
        await this.changes.propose(
          db,
          {
            target: 'campaign',
            targetId: params.id,
            before: item(current),
            after: item({ ...current, ...rowValues(next) }),
          },
          user.id,
        );
        return item(current);
      }
      return item(await this.write(db, user.id, params.id, next));
    });
  }

  private async write(db: EntityManager, operatorId: number, id: number, next: CampaignValues) {
    const changed = await this.promotions.updateCampaign(db, id, next);
    if (!changed) throw new AppError('NOT_FOUND', 'Campaign not found');
    await this.audit.record(db, operatorId, 'campaign.update', null, {
      before: item({ ...changed[0], running: false }),
      after: item(changed[1]),
    });
    return changed[1];
  }
}

@ApiTags('content')
@Controller('bonus')
export class BonusController {
  constructor(
    private readonly promotions: PromotionsRepository,
    private readonly economy: EconomyService,
  ) {}

  @PublicRoute()
  @Get()
  @ApiOperation({
    summary: 'Team commission rates and the invitation campaign running now (no sign-in needed)',
  })
  @ApiOkResponse({ type: BonusRules })
  async getBonus(): Promise<BonusRules> {
    const [rates, running] = await Promise.all([
      this.economy.teamRates(),
      this.promotions.running(),
    ]);
    return { team_rates: rates, campaign: running ? item(running) : null };
  }
}
