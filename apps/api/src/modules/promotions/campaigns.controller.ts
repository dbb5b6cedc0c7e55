import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { microToNumber } from '@app/domain';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { AppError } from '../../common/app-error';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { toMicro } from '../../common/validators';
import { AuditService } from '../audit/audit.service';
import { BonusRules, CampaignBody, CampaignItem } from './campaigns.dto';
import { EconomyService } from '../economy/economy.service';
import { CampaignRow, CampaignValues, PromotionsRepository } from './promotions.repository';

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
  ) {}

  @Get()
  @Roles(...Staff.any)
  @ApiOperation({ summary: 'Invitation campaigns, latest first, with whether each runs now' })
  @ApiOkResponse({ type: [CampaignItem] })
  async listCampaigns(): Promise<CampaignItem[]> {
    return (await this.promotions.campaigns()).map(item);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Start planning a campaign (audited)' })
  @ApiOkResponse({ type: CampaignItem })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  createCampaign(@CurrentUser() user: AuthUser, @Body() body: CampaignBody): Promise<CampaignItem> {
    const next = values(body);
    return this.dataSource.transaction(async (db) => {
      const row = await this.promotions.insertCampaign(db, next);
      await this.audit.record(db, user.id, 'campaign.create', null, { after: item(row) });
      return item(row);
    });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change a campaign, for grants from now on (audited)' })
  @ApiOkResponse({ type: CampaignItem })
  @ApiErrors('NOT_FOUND', 'BAD_REQUEST', 'VALIDATION_ERROR')
  updateCampaign(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: CampaignBody,
  ): Promise<CampaignItem> {
    const next = values(body);
    return this.dataSource.transaction(async (db) => {
      const changed = await this.promotions.updateCampaign(db, params.id, next);
      if (!changed) throw new AppError('NOT_FOUND', 'Campaign not found');
      await this.audit.record(db, user.id, 'campaign.update', null, {
        before: item({ ...changed[0], running: false }),
        after: item(changed[1]),
      });
      return item(changed[1]);
    });
  }
}

@ApiTags('content')
@Controller('bonus')
export class BonusController {
  constructor(
    private readonly promotions: PromotionsRepository,
    private readonly economy: EconomyService,
  ) {}

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
