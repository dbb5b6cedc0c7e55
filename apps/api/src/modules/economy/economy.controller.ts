import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { toMicro } from '../../common/validators';
import { PageQuery } from '../../common/paging.dto';
import { AuditEntry } from '../audit/audit.dto';
import { AuditService } from '../audit/audit.service';
import {
  PackageBody,
  PackageItem,
  PackagesAnswer,
  TeamRates,
  TeamRatesAnswer,
} from './economy.dto';
import { EconomyService } from './economy.service';
import { PublicRoute } from '../../infra/redis/public-rate-limit';
import { MAX_VIP_LEVEL } from '@app/domain';

class LevelParam {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_VIP_LEVEL, example: 1 })
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_VIP_LEVEL)
  level: number;
}

@ApiTags('content')
@Controller()
export class EconomyController {
  constructor(private readonly economy: EconomyService) {}

  @Get('packages')
  @PublicRoute()
  @ApiOperation({ summary: 'The economy table: VIP levels, prices, quotas, rewards' })
  @ApiOkResponse({ type: [PackageItem] })
  listPackages(): Promise<PackageItem[]> {
    return this.economy.packages();
  }
}

@ApiTags('admin')
@Controller('admin')
@Auth(...Staff.admin)
@Reach('none')
export class AdminEconomyController {
  constructor(
    private readonly economy: EconomyService,
    private readonly audit: AuditService,
  ) {}

  @Put('packages/:level')
  @ApiOperation({
    summary: 'Edit one VIP level (audited with before and after; live within 5 seconds)',
    description:
      "A change that pays members more than ECONOMY_RAISE_APPROVAL_PERCENT above the level's last approved terms " +
      '(reward, daily pay, pay over a membership, pay per USDT of price) waits for a second admin: it is in pending_changes.',
  })
  @ApiOkResponse({ type: PackagesAnswer })
  @ApiErrors('UNKNOWN_VIP_LEVEL', 'ECONOMY_UNFUNDED', 'VALIDATION_ERROR')
  setPackage(
    @CurrentUser() user: AuthUser,
    @Param() params: LevelParam,
    @Body() body: PackageBody,
  ): Promise<PackagesAnswer> {
    return this.economy.setPackage(user.id, params.level, {
      price: toMicro(body.price),
      dailyTrailers: body.daily_trailers,
      reward: toMicro(body.reward_per_trailer),
      membershipDays: body.membership_days,
    });
  }

  @Get('team_rates')
  @Roles(...Staff.any)
  @ApiOperation({ summary: 'Team commission rates by level, in percent of the reward' })
  @ApiOkResponse({ type: TeamRates })
  getTeamRates(): Promise<TeamRates> {
    return this.economy.teamRates();
  }

  @Put('team_rates')
  @ApiOperation({
    summary: 'Set the team commission rates (audited with before and after)',
    description:
      'A raise of any level beyond ECONOMY_RAISE_APPROVAL_PERCENT over the approved rates waits for a second admin: it is in pending_changes.',
  })
  @ApiOkResponse({ type: TeamRatesAnswer })
  @ApiErrors('ECONOMY_UNFUNDED', 'VALIDATION_ERROR')
  setTeamRates(@CurrentUser() user: AuthUser, @Body() body: TeamRates): Promise<TeamRatesAnswer> {
    return this.economy.setTeamRates(user.id, body);
  }

  @Get('economy/history')
  @Roles(...Staff.any)
  @ApiOperation({ summary: 'Every change of the economy (packages, team rates), newest first' })
  @ApiOkResponse({ type: [AuditEntry] })
  @ApiErrors('VALIDATION_ERROR')
  economyHistory(@Query() query: PageQuery): Promise<AuditEntry[]> {
    return this.audit.list(query.limit ?? 50, query.before, 'economy.');
  }
}
