import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { EconomyModule } from '../economy/economy.module';
import { TodayController } from './today.controller';
import { Trailer } from './trailer.entity';
import { AdminTrailersController, TrailersController } from './trailers.controller';
import { TrailersRepository } from './trailers.repository';
import { PostersService } from './posters.service';
import { TrailersService } from './trailers.service';
import { WatchService } from './watch.service';

/** Owns `trailers`, `trailer_views`, `trailer_watches` and `watch_days`. */
@Module({
  imports: [TypeOrmModule.forFeature([Trailer]), EconomyModule, AuditModule],
  controllers: [TrailersController, TodayController, AdminTrailersController],
  providers: [TrailersService, TrailersRepository, WatchService, PostersService],
  exports: [TrailersService],
})
export class TrailersModule {}
