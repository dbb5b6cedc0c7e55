import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { DashboardQuery, DashboardResponse, HealthFiguresView, QueueCounts } from './dashboard.dto';
import { DashboardService } from './dashboard.service';
import { QueuesService } from './queues.service';

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

  @Get('health')
  @ApiOperation({
    summary:
      'The health figures the alerts watch: scanner lag, hot wallet days left, mail outbox age, last proof',
    description:
      'The same figures GET /metrics exports (read from PostgreSQL at most every METRICS_DB_REFRESH_SECONDS, the chain at most every METRICS_CHAIN_REFRESH_SECONDS).',
  })
  @ApiOkResponse({ type: HealthFiguresView })
  getHealthFigures(): Promise<HealthFiguresView> {
    return this.dashboard.healthFigures();
  }
}

@ApiTags('admin')
@Controller('admin/queues')
@Auth(...Staff.any)
@Reach('none')
export class QueuesController {
  constructor(private readonly queues: QueuesService) {}

  @Get()
  @ApiOperation({
    summary: 'How many items wait in each queue the caller works (null: not their role)',
    description:
      'The console counts these on its navigation; a `queue` event on GET /users/me/events says when to ask again.',
  })
  @ApiOkResponse({ type: QueueCounts })
  getQueueCounts(@CurrentUser() user: AuthUser): Promise<QueueCounts> {
    return this.queues.counts(user.role);
  }
}
