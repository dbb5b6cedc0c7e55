import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { EconomyModule } from '../economy/economy.module';
import { BonusController, CampaignsController } from './campaigns.controller';
import { CampaignsService } from './campaigns.service';
import { PromotionsRepository } from './promotions.repository';
import { PromotionsService } from './promotions.service';

/** Owns `promotion_campaigns`, `promotion_grants` and `points_holds`. */
@Module({
  imports: [ApprovalsModule, AuditModule, EconomyModule],
  controllers: [CampaignsController, BonusController],
  providers: [PromotionsService, CampaignsService, PromotionsRepository],
  exports: [PromotionsService, CampaignsService],
})
export class PromotionsModule {}
