import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, Roles, Staff } from '../../common/auth';
import { PageAfter, PageOrder, PageQuery } from '../../common/paging.dto';
import { Reach } from '../../common/reach';
import { AuditEntry, AuditVerification } from './audit.dto';
import { AuditService } from './audit.service';

/** The audit log's page: newest first by default, or oldest first (`order=asc`, paged with `after`). */
export class AuditListQuery extends PageQuery {
  @PageAfter('Only entries with a larger id (the next page, oldest first)')
  after?: number;

  @PageOrder('desc')
  order?: 'asc' | 'desc';
}

/** The operators' view of the audit log: the entries and the check of their hash chain. */
@ApiTags('admin')
@Controller('admin')
@Auth(...Staff.money)
@Reach('none')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit')
  @Roles(...Staff.admin)
  @ApiOperation({ summary: 'Operator actions, newest first (or oldest first: order=asc)' })
  @ApiOkResponse({ type: [AuditEntry] })
  @ApiErrors('VALIDATION_ERROR')
  listAudit(@Query() query: AuditListQuery): Promise<AuditEntry[]> {
    return this.audit.list(query.limit ?? 50, query.before, undefined, {
      after: query.after,
      order: query.order,
    });
  }

  @Get('audit/verify')
  @Roles(...Staff.admin)
  @ApiOperation({
    summary:
      'Check the audit chain in the application: links, hashes, signatures and the heads published with proofs; where it breaks and why',
  })
  @ApiOkResponse({ type: AuditVerification })
  verifyAudit(): Promise<AuditVerification> {
    return this.audit.verify();
  }
}
