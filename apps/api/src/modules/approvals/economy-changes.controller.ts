import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { Reach } from '../../common/reach';
import { EconomyBaselines, EconomyChangeItem, EconomyChangeListQuery } from './approvals.dto';
import { EconomyChangesService } from './economy-changes.service';

@ApiTags('admin')
@Controller('admin/economy/changes')
@Auth(...Staff.admin)
@Reach('economy_change')
export class EconomyChangesController {
  constructor(private readonly changes: EconomyChangesService) {}

  @Get()
  @Roles(...Staff.any)
  @Reach('none')
  @ApiOperation({
    summary:
      "Economy changes waiting for (or decided by) a second admin, newest first: raises of members' pay beyond ECONOMY_RAISE_APPROVAL_PERCENT over the approved value, and every change of the card, the support link and the card rates while the club has two admins",
  })
  @ApiOkResponse({ type: [EconomyChangeItem] })
  @ApiErrors('VALIDATION_ERROR')
  listEconomyChanges(@Query() query: EconomyChangeListQuery): Promise<EconomyChangeItem[]> {
    return this.changes.list(query.status, 100);
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOperation({
    summary: "Give a change the second admin's approval: it takes effect now (audited)",
  })
  @ApiOkResponse({ type: EconomyChangeItem })
  @ApiErrors(
    'NOT_FOUND',
    'CHANGE_ALREADY_DECIDED',
    'OPERATOR_COOLING_OFF',
    'ECONOMY_UNFUNDED',
    'VALIDATION_ERROR',
  )
  approveEconomyChange(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<EconomyChangeItem> {
    return this.changes.approve(user.id, params.id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Turn a waiting change down: nothing changes (audited)' })
  @ApiOkResponse({ type: EconomyChangeItem })
  @ApiErrors('NOT_FOUND', 'CHANGE_ALREADY_DECIDED', 'VALIDATION_ERROR')
  rejectEconomyChange(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<EconomyChangeItem> {
    return this.changes.reject(user.id, params.id);
  }
}

@ApiTags('admin')
@Controller('admin/economy/baselines')
@Auth(...Staff.any)
@Reach('none')
export class EconomyBaselinesController {
  constructor(private readonly changes: EconomyChangesService) {}

  @Get()
  @ApiOperation({
    summary:
      'The last approved value of each package, the team rates, each challenge and campaign: what raises are held against',
  })
  @ApiOkResponse({ type: EconomyBaselines })
  economyBaselines(): Promise<EconomyBaselines> {
    return this.changes.baselines();
  }
}
