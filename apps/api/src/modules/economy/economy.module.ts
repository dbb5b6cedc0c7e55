import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { AdminEconomyController, EconomyController } from './economy.controller';
import { PackageRow, TeamRate } from './economy.entities';
import { EconomyService } from './economy.service';
import { EconomyRepository } from './economy.repository';

/** Owns `packages` and `team_rates`: what levels cost and pay. */
@Module({
  imports: [TypeOrmModule.forFeature([PackageRow, TeamRate]), ApprovalsModule, AuditModule],
  controllers: [EconomyController, AdminEconomyController],
  providers: [EconomyService, EconomyRepository],
  exports: [EconomyService],
})
export class EconomyModule {}
