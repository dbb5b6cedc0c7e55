import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { Reach } from '../../common/reach';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';
import { StaffOverview, StaffRequestItem, StaffRequestListQuery } from './members.dto';
import { StaffChangesService } from './staff-changes.service';

@ApiTags('admin')
@Controller('admin/staff_requests')
@Auth(...Staff.admin)
@Reach('staff_request', { self: 'SELF_ACTION_FORBIDDEN' })
export class StaffRequestsController {
  constructor(private readonly staff: StaffChangesService) {}

  @Get()
  @Reach('none')
  @ApiOperation({
    summary: 'Staff changes waiting for (or decided by) a second admin, newest first',
  })
  @ApiOkResponse({ type: [StaffRequestItem], description: 'The requests, newest first' })
  @ApiErrors('VALIDATION_ERROR')
  listStaffRequests(@Query() query: StaffRequestListQuery): Promise<StaffRequestItem[]> {
    return this.staff.list(query.status, query.limit ?? 50, query.before);
  }

  @Get('overview')
  @Reach('none')
  @ApiOperation({
    summary:
      'Active admins and staff requests waiting: with one admin, four eyes cannot hold (the console says so)',
  })
  @ApiOkResponse({ type: StaffOverview, description: 'The counts' })
  staffOverview(): Promise<StaffOverview> {
    return this.staff.overview();
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      "Approve another admin's staff change: it applies now (audited). Not the requester, not the account concerned",
  })
  @ApiOkResponse({ type: StaffRequestItem, description: 'The request, approved' })
  @ApiErrors(
    'NOT_FOUND',
    'SELF_APPROVAL_FORBIDDEN',
    'OPERATOR_COOLING_OFF',
    'STAFF_REQUEST_ALREADY_DECIDED',
    'LAST_ADMIN_FORBIDDEN',
    'VALIDATION_ERROR',
  )
  approveStaffRequest(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<StaffRequestItem> {
    return this.staff.approve(user.id, params.id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary: 'Turn a staff change down, or take back your own (audited)',
  })
  @ApiOkResponse({ type: StaffRequestItem, description: 'The request, rejected' })
  @ApiErrors('NOT_FOUND', 'STAFF_REQUEST_ALREADY_DECIDED', 'VALIDATION_ERROR')
  rejectStaffRequest(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<StaffRequestItem> {
    return this.staff.reject(user.id, params.id);
  }
}
