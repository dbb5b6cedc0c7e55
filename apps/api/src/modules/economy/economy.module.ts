import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EconomyController } from './economy.controller';
import { PackageRow, TeamRate } from './economy.entities';
import { EconomyService } from './economy.service';

/** Owns `packages` and `team_rates`: what levels cost and pay. */
@Module({
  imports: [TypeOrmModule.forFeature([PackageRow, TeamRate])],
  controllers: [EconomyController],
  providers: [EconomyService],
  exports: [EconomyService],
})
export class EconomyModule {}
