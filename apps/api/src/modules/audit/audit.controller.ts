import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, Roles, Staff } from '../../common/auth';
import { PageQuery } from '../../common/paging.dto';
import { Reach } from '../../common/reach';
import { AuditEntry, AuditVerification } from './audit.dto';
import { AuditService } from './audit.service';

/** The operators' view of the audit log: the entries and the check of their hash chain. */
@ApiTags('admin')
@Controller('admin')
@Auth(...Staff.money)
@Reach('none')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit')
  @Roles(...Staff.admin)
  @ApiOperation({ summary: 'Operator actions, newest first' })
  @ApiOkResponse({ type: [AuditEntry] })
  @ApiErrors('VALIDATION_ERROR')
  listAudit(@Query() query: PageQuery): Promise<AuditEntry[]> {
    return this.audit.list(query.limit ?? 50, query.before);
  }

  @Get('audit/verify')
  @Roles(...Staff.admin)
  @ApiOperation({
    summary: 'Walk the audit hash chain and say where it breaks (an edited or removed row)',
  })
  @ApiOkResponse({ type: AuditVerification })
  verifyAudit(): Promise<AuditVerification> {
    return this.audit.verify();
  }
}
