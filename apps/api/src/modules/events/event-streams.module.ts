import { Module } from '@nestjs/common';
import { EventStreamsController } from './event-streams.controller';
import { EventStreamsService } from './event-streams.service';

/** GET /users/me/events: the API process's open event streams (publishing is EventsModule). */
@Module({
  controllers: [EventStreamsController],
  providers: [EventStreamsService],
})
export class EventStreamsModule {}
