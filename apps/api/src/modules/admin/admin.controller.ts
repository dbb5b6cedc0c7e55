import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { IdParam } from '../../common/id-param.dto';
import { toMicro } from '../../common/validators';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { LedgerReportService } from '../ledger/ledger-report.service';
import {
  AdjustBody,
  AdjustmentListQuery,
  AdjustmentRequestItem,
  AdjustResponse,
  LedgerReportResponse,
} from './admin.dto';
import { AdminService } from './admin.service';
import { SolvencyService } from '../withdrawals/solvency.service';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';

@ApiTags('admin')
@Controller('admin')
@Auth(...Staff.money)
@Reach('none')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly reports: LedgerReportService,
    private readonly solvency: SolvencyService,
  ) {}

  @Post('users/:id/adjust')
  @HttpCode(200)
  @Reach('account', { self: 'SELF_ADJUST_FORBIDDEN' })
  @Idempotent()
  @ApiOperation({
    summary: "Credit or debit a member's money or points (audited ledger transaction)",
  })
  @ApiOkResponse({ type: AdjustResponse })
  @ApiErrors(
    'NOT_FOUND',
    'SELF_ADJUST_FORBIDDEN',
    'SELF_DEALING_FORBIDDEN',
    'OPERATOR_COOLING_OFF',
    'INSUFFICIENT_FUNDS',
    'VALIDATION_ERROR',
  )
  adjustBalance(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: AdjustBody,
    @Headers('idempotency-key') key?: string,
  ): Promise<AdjustResponse> {
    return this.admin.adjust(
      user.id,
      {
        userId: params.id,
        account: body.account,
        amount: toMicro(body.amount),
        reason: body.reason,
      },
      key?.slice(0, 100),
    );
  }

  @Get('adjustments')
  @ApiOperation({ summary: 'Adjustments waiting for (or given) a second operator, newest first' })
  @ApiOkResponse({ type: [AdjustmentRequestItem] })
  @ApiErrors('VALIDATION_ERROR')
  listAdjustments(@Query() query: AdjustmentListQuery): Promise<AdjustmentRequestItem[]> {
    return this.admin.listRequests(query.status ?? 'pending', query.limit ?? 50, query.before);
  }

  @Post('adjustments/:id/approve')
  @HttpCode(200)
  @Reach('adjustment', { self: 'SELF_ADJUST_FORBIDDEN' })
  @Idempotent()
  @ApiOperation({ summary: "Approve another operator's adjustment: it is posted now (audited)" })
  @ApiOkResponse({ type: AdjustResponse })
  @ApiErrors(
    'NOT_FOUND',
    'SELF_APPROVAL_FORBIDDEN',
    'SELF_ADJUST_FORBIDDEN',
    'SELF_DEALING_FORBIDDEN',
    'OPERATOR_COOLING_OFF',
    'ADJUSTMENT_ALREADY_DECIDED',
    'INSUFFICIENT_FUNDS',
    'VALIDATION_ERROR',
  )
  approveAdjustment(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<AdjustResponse> {
    return this.admin.approve(user.id, params.id);
  }

  @Post('adjustments/:id/reject')
  @HttpCode(200)
  @Reach('adjustment', { self: 'SELF_ADJUST_FORBIDDEN' })
  @Idempotent()
  @ApiOperation({ summary: 'Turn down a pending adjustment (audited)' })
  @ApiOkResponse({ type: AdjustmentRequestItem })
  @ApiErrors(
    'NOT_FOUND',
    'SELF_DEALING_FORBIDDEN',
    'ADJUSTMENT_ALREADY_DECIDED',
    'VALIDATION_ERROR',
  )
  rejectAdjustment(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<AdjustmentRequestItem> {
    return this.admin.reject(user.id, params.id);
  }

  @Get('reports/ledger')
  @ApiOperation({
    summary:
      'Totals per account kind; whether the ledger balances and every cached figure matches it; ' +
      'member liabilities against the hot wallet and unswept deposits',
  })
  @ApiOkResponse({ type: LedgerReportResponse })
  async ledgerReport(): Promise<LedgerReportResponse> {
    const report = await this.reports.report();
    return { ...report, solvency: await this.solvency.solvency(report.totals) };
  }
}
