import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { RiskModule } from '../risk/risk.module';
import { RiskReviewController } from './risk-review.controller';
import { RiskReviewRepository } from './risk-review.repository';
import { RiskReviewService } from './risk-review.service';

/**
 * Owns `risk_ring_decisions`: operators' releases and reversals of rings
 * waiting for their approvals (issue 38). Apart from the risk module, which
 * the modules that see signals import: this one needs approvals (and through
 * them users), which would make a cycle there.
 */
@Module({
  imports: [ApprovalsModule, AuditModule, PromotionsModule, RiskModule],
  controllers: [RiskReviewController],
  providers: [RiskReviewRepository, RiskReviewService],
})
export class RiskReviewModule {}
