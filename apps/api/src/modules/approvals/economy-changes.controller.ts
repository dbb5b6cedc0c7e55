import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { Reach } from '../../common/reach';
import { EconomyChangeItem, EconomyChangeListQuery } from './approvals.dto';
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
      "Economy changes that raise members' pay by more than ECONOMY_RAISE_APPROVAL_PERCENT, newest first",
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
  @ApiErrors('NOT_FOUND', 'CHANGE_ALREADY_DECIDED', 'OPERATOR_COOLING_OFF', 'VALIDATION_ERROR')
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
