import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { IdParam } from '../../common/id-param.dto';
import { toMicro } from '../../common/validators';
import { Auth, CurrentUser } from '../auth/guards';
import type { AuthUser } from '../auth/auth.types';
import { LedgerReportService } from '../ledger/ledger-report.service';
import {
  AdjustBody,
  AdjustResponse,
  AuditEntry,
  LedgerReportResponse,
  PageQuery,
} from './admin.dto';
import { AdminService } from './admin.service';
import { AuditService } from './audit.service';

@ApiTags('admin')
@Controller('admin')
@Auth('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly audit: AuditService,
    private readonly reports: LedgerReportService,
  ) {}

  @Post('users/:id/adjust')
  @HttpCode(200)
  @ApiOperation({
    summary: "Credit or debit a member's money or points (audited ledger transaction)",
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key is applied once',
  })
  @ApiOkResponse({ type: AdjustResponse })
  @ApiErrors(
    404,
    {
      status: 400,
      code: 'INSUFFICIENT_FUNDS',
      detail: 'Insufficient funds',
      description: 'A debit larger than the balance',
    },
    422,
  )
  adjustBalance(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: AdjustBody,
    @Headers('idempotency-key') key?: string,
  ): Promise<AdjustResponse> {
    return this.admin.adjust(
      user.id,
      params.id,
      body.account,
      toMicro(body.amount),
      body.reason,
      key?.slice(0, 100),
    );
  }

  @Get('reports/ledger')
  @ApiOperation({
    summary:
      'Totals per account kind; whether the ledger balances and every cached figure matches it',
  })
  @ApiOkResponse({ type: LedgerReportResponse })
  ledgerReport(): Promise<LedgerReportResponse> {
    return this.reports.report();
  }

  @Get('audit')
  @ApiOperation({ summary: 'Operator actions, newest first' })
  @ApiOkResponse({ type: [AuditEntry] })
  @ApiErrors(422)
  listAudit(@Query() query: PageQuery): Promise<AuditEntry[]> {
    return this.audit.list(query.limit ?? 50, query.before);
  }
}
