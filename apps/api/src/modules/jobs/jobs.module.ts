import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { PromotionsModule } from '../promotions/promotions.module';
import { ProofsModule } from '../proofs/proofs.module';
import { UsersModule } from '../users/users.module';
import { MaintenanceProcessor } from './maintenance.processor';
import { MAINTENANCE_QUEUE } from './queues';
import { SettlementService } from './settlement.service';
import { SweeperService } from './sweeper.service';

/** Scheduled work: the sweeper finds it in PostgreSQL, the processor hands it to its owner. */
@Module({
  imports: [
    BullModule.registerQueue({ name: MAINTENANCE_QUEUE }),
    PromotionsModule,
    ProofsModule,
    UsersModule,
  ],
  providers: [MaintenanceProcessor, SettlementService, SweeperService],
})
export class JobsModule {}
