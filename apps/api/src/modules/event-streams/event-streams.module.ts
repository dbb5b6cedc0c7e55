import { Module } from '@nestjs/common';
import { EventStreamsController } from './event-streams.controller';
import { EventStreamsService } from './event-streams.service';
import { EventTicketsService } from './event-tickets.service';

/**
 * GET /users/me/events and its tickets: the API process's open event streams
 * (publishing is EventsModule).
 */
@Module({
  controllers: [EventStreamsController],
  providers: [EventStreamsService, EventTicketsService],
})
export class EventStreamsModule {}
