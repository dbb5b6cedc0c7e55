import { Controller, Get, Headers, Inject, Optional, Query, Req, Res } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrors } from '../../common/api-errors.decorator';
import { ACCESS_VERIFIER, authenticate } from '../../common/auth';
import type { AccessVerifier } from '../../common/auth';
import { LANGUAGES, type Language, languageOf } from '../../common/language';
import { EventStreamsService, parseEventId } from './event-streams.service';

/** Seconds since the epoch when a (verified) JWT lapses, from its payload. */
function expiresAt(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

export class EventsQuery {
  @ApiPropertyOptional({
    description: 'The access token, for clients that cannot send headers (EventSource)',
  })
  @IsOptional()
  @IsString()
  @MaxLength(4096)
  access_token?: string;

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
  'Authenticate with the `Authorization` header or, for EventSource, `?access_token=`; the stream',
  'ends when that token expires (reconnect with a fresh one and `last_event_id`).',
].join(' ');

@ApiTags('events')
@Controller('users/me/events')
export class EventStreamsController {
  constructor(
    private readonly streams: EventStreamsService,
    @Optional() @Inject(ACCESS_VERIFIER) private readonly verifier: AccessVerifier | null,
  ) {}

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
    const accessToken = query.access_token;
    const lastEventIdQuery = query.last_event_id;
    const header = authorization ?? (accessToken ? `Bearer ${accessToken}` : undefined);
    const user = authenticate(this.verifier, header, undefined);
    const exp = expiresAt(header!.replace(/^Bearer[ \t]+/i, '').trim());
    const resumeFrom = parseEventId(lastEventId ?? lastEventIdQuery);
    const raw = reply.raw;
    let expiry: NodeJS.Timeout | undefined;
    const lang = query.lang ?? languageOf(acceptLanguage);
    const close = await this.streams.open(user, lang, resumeFrom, {
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
        clearTimeout(expiry);
        if (!raw.writableEnded) raw.end();
      },
    });
    raw.on('close', close);
    // Gone while the stream was being admitted: its close event has passed.
    if (request.raw.destroyed || raw.destroyed) close();
    if (exp !== null) expiry = setTimeout(close, Math.max(0, exp * 1000 - Date.now()));
  }
}
