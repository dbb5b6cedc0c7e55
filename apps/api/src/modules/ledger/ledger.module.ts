import { Global, Module } from '@nestjs/common';
import { LedgerAuditService } from './ledger-audit.service';
import { LedgerReportService } from './ledger-report.service';
import { LedgerService } from './ledger.service';

@Global()
@Module({
  providers: [LedgerService, LedgerReportService, LedgerAuditService],
  exports: [LedgerService, LedgerReportService, LedgerAuditService],
})
export class LedgerModule {}
