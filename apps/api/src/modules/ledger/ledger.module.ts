import { Global, Module } from '@nestjs/common';
import { LedgerAuditRepository } from './ledger-audit.repository';
import { LedgerAuditService } from './ledger-audit.service';
import { LedgerReportService } from './ledger-report.service';
import { LedgerStatementService } from './ledger-statement.service';
import { LedgerService } from './ledger.service';
import { LedgerRepository } from './ledger.repository';

@Global()
@Module({
  providers: [
    LedgerService,
    LedgerReportService,
    LedgerStatementService,
    LedgerAuditService,
    LedgerRepository,
    LedgerAuditRepository,
  ],
  exports: [LedgerService, LedgerReportService, LedgerStatementService, LedgerAuditService],
})
export class LedgerModule {}
