import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { IdParam } from '../../common/id-param.dto';
import { toMicro } from '../../common/validators';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { LedgerReportService } from '../ledger/ledger-report.service';
import { AdjustBody, AdjustResponse, LedgerReportResponse, PageQuery } from './admin.dto';
import { AdminService } from './admin.service';
import { AuditEntry } from '../audit/audit.dto';
import { AuditService } from '../audit/audit.service';

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
  @ApiErrors('NOT_FOUND', 'INSUFFICIENT_FUNDS', 'VALIDATION_ERROR')
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
  @ApiErrors('VALIDATION_ERROR')
  listAudit(@Query() query: PageQuery): Promise<AuditEntry[]> {
    return this.audit.list(query.limit ?? 50, query.before);
  }
}
