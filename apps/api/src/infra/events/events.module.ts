import { Global, Module } from '@nestjs/common';
import { MemberEventsService } from './member-events.service';

/**
 * Publishing members' live events, in the API and the worker (global: the
 * wallet, messages and others publish). Streams to clients: EventStreamsModule.
 */
@Global()
@Module({
  providers: [MemberEventsService],
  exports: [MemberEventsService],
})
export class EventsModule {}
