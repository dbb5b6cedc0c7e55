import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REDIS } from '../redis/redis.module';

/** The events of GET /users/me/events (contract section 9). */
export type MemberEventName = 'balance' | 'deposit' | 'withdrawal' | 'message';

/**
 * The operators' queues: a `queue` event `{queue, id}` tells operators whose
 * role works that queue that an item arrived in it or left it (the console
 * then refetches its counts, GET /admin/queues).
 */
export const STAFF_QUEUES = [
  'withdrawals',
  'card_deposits',
  'verifications',
  'reports',
  'support',
  'held_deposits',
  'deposit_gaps',
] as const;
export type StaffQueue = (typeof STAFF_QUEUES)[number];

export interface MemberEvent {
  /** The member, or null for every member (a message to all). */
  userId: number | null;
  event: MemberEventName;
  data: Record<string, unknown>;
}

/** Every API process listens here for the keys of streams that grew. */
export const EVENTS_CHANNEL = 'events:notify';
export const BROADCAST_KEY = 'events:all';
/** Operators' queue events, one stream for all staff (filtered by role when delivered). */
export const STAFF_KEY = 'events:staff';
export const memberKey = (userId: number) => `events:member:${userId}`;
export const streamKeyOf = (userId: number | null) =>
  userId === null ? BROADCAST_KEY : memberKey(userId);

/**
 * Publishes members' live events, from the API and the worker alike: each is
 * appended to the member's Redis stream (bounded by EVENTS_STREAM_LENGTH,
 * kept EVENTS_RETENTION_SECONDS, so a reconnecting client resumes with
 * Last-Event-ID) and its key announced on EVENTS_CHANNEL, so whichever API
 * process holds the member's open stream reads it. Callers publish after
 * their transaction commits (database/after-commit.ts). Publishing never
 * fails the caller: the ledger and the records are the truth, and a client
 * that missed an event still refetches on focus and on reconnect.
 *
 * `balance` is published as a marker whenever a committed posting moves a
 * member's account (`balanceMoved`, which the composition root hands to
 * LedgerService.onCommitted: src/balance-events.ts); the stream that delivers
 * it reads the balances then, so the hot paths pay one pipelined Redis write
 * and no extra query.
 */
@Injectable()
export class MemberEventsService {
  private readonly logger = new Logger(MemberEventsService.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Members whose balance moved since the last marker went out (EVENTS_BALANCE_COALESCE_MS). */
  private readonly moved = new Set<number>();
  private flushing: NodeJS.Timeout | null = null;

  /**
   * `balance` is a marker (the stream reads the balances when it delivers it),
   * so many postings in a moment need one: a member watching trailers, or
   * earning their team's commissions, moves their balance several times a
   * second. Markers wait EVENTS_BALANCE_COALESCE_MS and go out together, one
   * per member, in one pipelined write; 0 sends each at once.
   */
  balanceMoved(userIds: number[]): void {
    const wait = this.config.EVENTS_BALANCE_COALESCE_MS;
    if (wait === 0) {
      this.publish(...userIds.map((userId) => ({ userId, event: 'balance' as const, data: {} })));
      return;
    }
    for (const id of userIds) this.moved.add(id);
    if (this.flushing) return;
    this.flushing = setTimeout(() => {
      this.flushing = null;
      const ids = [...this.moved];
      this.moved.clear();
      this.publish(...ids.map((userId) => ({ userId, event: 'balance' as const, data: {} })));
    }, wait);
    this.flushing.unref();
  }

  /** Fire and forget: a Redis failure is logged, never thrown. */
  publish(...events: MemberEvent[]): void {
    if (events.length === 0) return;
    void this.write(events.map((e) => ({ ...e, key: streamKeyOf(e.userId) }))).catch(
      (error: unknown) => this.logger.warn(`live events not published: ${String(error)}`),
    );
  }

  /**
   * Tells operators an item arrived in (or left) one of their queues; after
   * the commit, like publish, and never failing the caller.
   */
  publishQueue(queue: StaffQueue, id: number | string): void {
    void this.write([{ key: STAFF_KEY, event: 'queue', data: { queue, id: Number(id) } }]).catch(
      (error: unknown) => this.logger.warn(`queue event not published: ${String(error)}`),
    );
  }

  private async write(
    events: { key: string; event: string; data: Record<string, unknown> }[],
  ): Promise<void> {
    const pipeline = this.redis.pipeline();
    const keys = new Set<string>();
    for (const { key, event, data } of events) {
      keys.add(key);
      pipeline.xadd(
        key,
        'MAXLEN',
        '~',
        this.config.EVENTS_STREAM_LENGTH,
        '*',
        'e',
        event,
        'd',
        JSON.stringify(data),
      );
    }
    for (const key of keys) {
      pipeline.expire(key, this.config.EVENTS_RETENTION_SECONDS);
      pipeline.publish(EVENTS_CHANNEL, key);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0];
  }
}
