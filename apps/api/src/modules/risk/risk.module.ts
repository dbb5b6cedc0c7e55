import { Module } from '@nestjs/common';
import { RiskRepository } from './risk.repository';
import { RiskRingsService } from './risk-rings.service';
import { RiskSignalsService } from './risk-signals.service';

/**
 * Owns `risk_signals`, `risk_rings` and `risk_ring_members` (issue 38).
 * Imports no other module of the app: the modules that see signals (users,
 * auth, deposits, withdrawals) import it, and the review of rings
 * (modules/risk-review) builds on it.
 */
@Module({
  providers: [RiskRepository, RiskRingsService, RiskSignalsService],
  exports: [RiskRingsService, RiskSignalsService],
})
export class RiskModule {}
