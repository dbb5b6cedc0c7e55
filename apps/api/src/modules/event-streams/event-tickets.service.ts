import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { AppError } from '../../common/app-error';
import { ACCESS_VERIFIER, type AccessVerifier, type AuthUser } from '../../common/auth';
import { REDIS } from '../../infra/redis/redis.module';

/** A ticket opens one stream within this long of being issued (contract section 11). */
export const EVENT_TICKET_TTL_MS = 60_000;

/** Only the ticket's hash is kept: a copy of Redis opens no stream. */
const keyOf = (ticket: string) =>
  `events:ticket:${createHash('sha256').update(ticket).digest('hex')}`;

/** What a ticket stands for: the login that asked, and when its access token lapses. */
interface TicketClaims {
  userId: number;
  sessionId: string;
  /** Epoch ms when the access token that asked for the ticket expires; the stream ends then. */
  expiresAtMs: number | null;
}

/**
 * One-use tickets for GET /users/me/events: EventSource cannot send an
 * Authorization header, and an access token in a URL ends up in proxies'
 * and browsers' logs. A ticket is a random value kept in Redis (so any API
 * process redeems it) for 60 s and taken out by the one GETDEL that
 * redeems it; the stream it opens belongs to the ticket's login, and closes
 * when that login ends.
 */
@Injectable()
export class EventTicketsService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(ACCESS_VERIFIER) private readonly verifier: AccessVerifier,
  ) {}

  async issue(user: AuthUser, expiresAtMs: number | null): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    const claims: TicketClaims = { userId: user.id, sessionId: user.sessionId, expiresAtMs };
    await this.redis.set(keyOf(ticket), JSON.stringify(claims), 'PX', EVENT_TICKET_TTL_MS);
    return ticket;
  }

  /**
   * The ticket's member as they stand now (their current role), once; a
   * used, expired or unknown ticket, or one whose login has ended since,
   * is UNAUTHORIZED.
   */
  async redeem(ticket: string): Promise<{ user: AuthUser; expiresAtMs: number | null }> {
    const stored = await this.redis.getdel(keyOf(ticket));
    const claims = stored ? (JSON.parse(stored) as TicketClaims) : null;
    const user = claims ? this.verifier.current(claims.userId, claims.sessionId) : null;
    if (!claims || !user) {
      throw new AppError('UNAUTHORIZED', 'The stream ticket is unknown, used or expired');
    }
    return { user, expiresAtMs: claims.expiresAtMs };
  }
}
