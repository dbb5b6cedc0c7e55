import { Module } from '@nestjs/common';
import { PromotionsRepository } from './promotions.repository';
import { PromotionsService } from './promotions.service';

/** Owns `promotion_campaigns`, `promotion_grants` and `points_holds`. */
@Module({
  providers: [PromotionsService, PromotionsRepository],
  exports: [PromotionsService],
})
export class PromotionsModule {}
