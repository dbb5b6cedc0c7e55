import { Global, Module } from '@nestjs/common';
import { LedgerAuditService } from './ledger-audit.service';
import { LedgerReportService } from './ledger-report.service';
import { LedgerStatementService } from './ledger-statement.service';
import { LedgerService } from './ledger.service';

@Global()
@Module({
  providers: [LedgerService, LedgerReportService, LedgerStatementService, LedgerAuditService],
  exports: [LedgerService, LedgerReportService, LedgerStatementService, LedgerAuditService],
})
export class LedgerModule {}
