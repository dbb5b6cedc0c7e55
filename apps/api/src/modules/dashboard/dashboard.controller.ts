import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, Staff } from '../../common/auth';
import { DashboardQuery, DashboardResponse } from './dashboard.dto';
import { DashboardService } from './dashboard.service';

@ApiTags('admin')
@Controller('admin/dashboard')
@Auth(...Staff.any)
@Reach('none')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @ApiOperation({
    summary:
      'Per day for the last 7, 30 or 90 days: money in and out, rewards, commissions, members, package sales; solvency and queues',
  })
  @ApiOkResponse({ type: DashboardResponse })
  @ApiErrors('VALIDATION_ERROR')
  getDashboard(@Query() query: DashboardQuery): Promise<DashboardResponse> {
    return this.dashboard.dashboard(query.days ?? 30);
  }
}
