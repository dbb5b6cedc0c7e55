import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { TrailersController } from './trailers.controller';
import { TrailersService } from './trailers.service';
import { WatchService } from './watch.service';

@Module({
  imports: [ContentModule],
  controllers: [TrailersController],
  providers: [TrailersService, WatchService],
  exports: [WatchService],
})
export class TrailersModule {}
