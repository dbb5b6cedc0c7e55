import { Global, Module } from '@nestjs/common';
import { LedgerReportService } from './ledger-report.service';
import { LedgerService } from './ledger.service';

@Global()
@Module({
  providers: [LedgerService, LedgerReportService],
  exports: [LedgerService, LedgerReportService],
})
export class LedgerModule {}
