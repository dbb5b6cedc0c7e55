import { Global, Module } from '@nestjs/common';
import { LedgerReportService } from './ledger-report.service';
import { LedgerStatementService } from './ledger-statement.service';
import { LedgerService } from './ledger.service';

@Global()
@Module({
  providers: [LedgerService, LedgerReportService, LedgerStatementService],
  exports: [LedgerService, LedgerReportService, LedgerStatementService],
})
export class LedgerModule {}
