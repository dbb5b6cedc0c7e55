import {
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Optional,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrors } from '../../common/api-errors.decorator';
import { ACCESS_VERIFIER, Auth, CurrentUser, authenticate } from '../../common/auth';
import type { AccessVerifier, AuthUser } from '../../common/auth';
import { LANGUAGES, type Language, languageOf } from '../../common/language';
import { EventStreamsService, parseEventId } from './event-streams.service';
import { EventTicketsService } from './event-tickets.service';

/** Epoch ms when a (verified) bearer JWT lapses, from its payload. */
function expiresAtMs(authorization: string): number | null {
  try {
    const token = authorization.replace(/^Bearer[ \t]+/i, '').trim();
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export class EventsQuery {
  @ApiPropertyOptional({
    description:
      'A one-use ticket from POST /users/me/events/ticket, for clients that cannot send headers (EventSource)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  ticket?: string;

  @ApiPropertyOptional({
    description: 'Resume after this event id (as the Last-Event-ID header)',
    example: '1764050000000-0_0-0',
  })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  last_event_id?: string;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    description:
      "The reader's language for messages' titles (EventSource cannot set Accept-Language); else Accept-Language",
  })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

const STREAM_DESCRIPTION = [
  'Server-Sent Events of the signed-in member, each with an `id:` to resume from:',
  '`balance` `{money, points, points_hold}` after any movement of their accounts,',
  '`deposit` `{id, status, amount}` when a deposit is credited,',
  '`withdrawal` `{id, status, amount, tx_id}` when a withdrawal is sent or fails,',
  "`message` `{id, title}` for a new message (the title in the reader's language);",
  'for operators also `queue` `{queue, id}` when an item arrives in or leaves one of the queues their role works',
  '(`withdrawals`, `card_deposits`, `verifications`, `reports`; counts: GET /admin/queues), their event ids carrying a third part;',
  'a comment line (`: keep-alive`) at least every 25 s.',
  'Authenticate with the `Authorization` header or, for EventSource, `?ticket=` (POST /users/me/events/ticket);',
  'a token in the URL is not accepted. The stream ends when its login ends (logout, password change,',
  'deactivation, role change) or when the access token it was opened with (or its ticket asked with)',
  'expires: reconnect with a fresh ticket and `last_event_id`.',
].join(' ');

export class EventTicket {
  @ApiProperty({
    description: 'Opens one stream (`GET /users/me/events?ticket=`), within 60 s, once',
    example: 'q3Zk1y0bS8h2m5N9vR4tW7xA6cE1fG3hJ5kL8nP0rT2',
  })
  ticket: string;
}

@ApiTags('events')
@Controller('users/me/events')
export class EventStreamsController {
  constructor(
    private readonly streams: EventStreamsService,
    private readonly tickets: EventTicketsService,
    @Optional() @Inject(ACCESS_VERIFIER) private readonly verifier: AccessVerifier | null,
  ) {}

  @Post('ticket')
  @HttpCode(200)
  @Auth()
  @ApiOperation({
    summary: 'A one-use ticket to open the live events stream (EventSource cannot send headers)',
    description:
      'Valid 60 s, once. The stream it opens belongs to this login and lasts until the access token used here expires.',
  })
  @ApiOkResponse({ type: EventTicket })
  async createEventTicket(
    @CurrentUser() user: AuthUser,
    @Headers('authorization') authorization: string,
  ): Promise<EventTicket> {
    return { ticket: await this.tickets.issue(user, expiresAtMs(authorization)) };
  }

  @Get()
  @ApiOperation({ summary: 'Live events of the signed-in member (text/event-stream)' })
  @ApiBearerAuth()
  @ApiProduces('text/event-stream')
  @ApiOkResponse({
    description: STREAM_DESCRIPTION,
    content: {
      'text/event-stream': {
        schema: { type: 'string' },
        example:
          'id: 1764050000000-0_0-0\nevent: deposit\ndata: {"id":41,"status":"success","amount":25}\n\n',
      },
    },
  })
  @ApiHeader({ name: 'last-event-id', required: false, description: 'Resume after this event id' })
  @ApiErrors('UNAUTHORIZED', 'EVENT_STREAMS_LIMIT', 'VALIDATION_ERROR')
  async streamEvents(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Headers('authorization') authorization?: string,
    @Headers('last-event-id') lastEventId?: string,
    @Headers('accept-language') acceptLanguage?: string,
    @Query() query: EventsQuery = {},
  ): Promise<void> {
    const { user, expiresAtMs: expiry } =
      authorization !== undefined || query.ticket === undefined
        ? {
            user: authenticate(this.verifier, authorization, undefined),
            expiresAtMs: expiresAtMs(authorization!),
          }
        : await this.tickets.redeem(query.ticket);
    const resumeFrom = parseEventId(lastEventId ?? query.last_event_id);
    const raw = reply.raw;
    const lang = query.lang ?? languageOf(acceptLanguage);
    const close = await this.streams.open(user, expiry, lang, resumeFrom, {
      start: () => {
        reply.hijack();
        raw.writeHead(200, {
          // The security headers and request id the request hooks set.
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store, no-transform',
          // nginx passes it on as it comes (no proxy buffering).
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        // The client waits 3 s before reconnecting.
        raw.write('retry: 3000\n\n');
      },
      write: (chunk) => {
        if (!raw.writableEnded) raw.write(chunk);
      },
      end: () => {
        if (!raw.writableEnded) raw.end();
      },
    });
    raw.on('close', close);
    // Gone while the stream was being admitted: its close event has passed.
    if (request.raw.destroyed || raw.destroyed) close();
  }
}
