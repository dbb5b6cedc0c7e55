import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { ContentLanguage, type Language } from '../../common/language';
import { BonusRules, CampaignAnswer, CampaignBody, CampaignItem } from './campaigns.dto';
import { CampaignsService } from './campaigns.service';
import { EconomyService } from '../economy/economy.service';
import { PublicRoute } from '../../infra/redis/public-rate-limit';

/** Invitation campaigns as operators run them (every change audited with before and after). */
@ApiTags('admin')
@Controller('admin/campaigns')
@Auth(...Staff.admin)
@Reach('none')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @Roles(...Staff.any)
  @ApiOperation({ summary: 'Invitation campaigns, latest first, with whether each runs now' })
  @ApiOkResponse({ type: [CampaignItem] })
  listCampaigns(): Promise<CampaignItem[]> {
    return this.campaigns.list();
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Start planning a campaign (audited)',
    description:
      "Bonuses are a raise of members' pay: the campaign is created without them and the bonuses wait for a " +
      'second admin (GET /admin/economy/changes, pending_changes) when ECONOMY_RAISE_APPROVAL_PERCENT is on.',
  })
  @ApiOkResponse({ type: CampaignAnswer })
  @ApiErrors('BAD_REQUEST', 'ECONOMY_UNFUNDED', 'VALIDATION_ERROR')
  createCampaign(
    @CurrentUser() user: AuthUser,
    @Body() body: CampaignBody,
  ): Promise<CampaignAnswer> {
    return this.campaigns.create(user.id, body);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Change a campaign, for grants from now on (audited)',
    description:
      "A change that pays members more than ECONOMY_RAISE_APPROVAL_PERCENT above the campaign's last approved terms " +
      '(either bonus, a lower entry level, a shorter hold, more time to run) waits for a second admin (pending_changes); ' +
      'the answer shows the campaign as it stands.',
  })
  @ApiOkResponse({ type: CampaignAnswer })
  @ApiErrors('NOT_FOUND', 'BAD_REQUEST', 'ECONOMY_UNFUNDED', 'VALIDATION_ERROR')
  updateCampaign(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: CampaignBody,
  ): Promise<CampaignAnswer> {
    return this.campaigns.update(user.id, params.id, body);
  }
}

@ApiTags('content')
@Controller('bonus')
export class BonusController {
  constructor(
    private readonly campaigns: CampaignsService,
    private readonly economy: EconomyService,
  ) {}

  @PublicRoute()
  @Get()
  @ApiOperation({
    summary: 'Team commission rates and the invitation campaign running now (no sign-in needed)',
  })
  @ApiOkResponse({ type: BonusRules })
  async getBonus(@ContentLanguage() lang: Language): Promise<BonusRules> {
    const [rates, running] = await Promise.all([
      this.economy.teamRates(),
      this.campaigns.running(lang),
    ]);
    return { team_rates: rates, campaign: running };
  }
}
