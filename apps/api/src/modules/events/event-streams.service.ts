import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { LedgerService } from '../ledger/ledger.service';
import { REDIS } from '../redis/redis.module';
import { BROADCAST_KEY, EVENTS_CHANNEL, memberKey } from './member-events.service';

/** Where a client stands in its two streams: the member's own and the one to all members. */
interface Cursors {
  member: string;
  all: string;
}

/** One open event stream of this process. */
interface OpenStream {
  userId: number;
  id: string;
  cursors: Cursors;
  write: (chunk: string) => void;
  /** Reads run one after another, so nothing is sent twice or out of order. */
  reading: Promise<void>;
}

const STREAM_ID = /^\d{1,20}-\d{1,20}$/;
const PAGE = 100;

/** `Last-Event-ID` as this API writes it: `<member stream id>_<broadcast stream id>`. */
export function parseEventId(value: string | undefined): Cursors | null {
  const [member, all, ...rest] = (value ?? '').trim().split('_');
  if (rest.length || !STREAM_ID.test(member ?? '') || !STREAM_ID.test(all ?? '')) return null;
  return { member, all };
}

/**
 * Admits a stream when the member has fewer than the limit open, counting
 * streams of every API process (a sorted set of stream ids scored by when
 * they lapse unless their heartbeat renews them, so a crashed process's
 * streams stop counting by themselves). Atomic: two tabs opening at once
 * cannot both take the last place.
 */
const ADMIT = `
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
  local limit = tonumber(ARGV[4])
  if limit > 0 and redis.call('ZCARD', KEYS[1]) >= limit then return 0 end
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  return 1`;

/**
 * The API process's side of GET /users/me/events: one Redis subscription
 * (EVENTS_CHANNEL) for the whole process tells it which streams grew; each
 * open stream then reads its member's Redis stream and the broadcast one from
 * its cursors, so a live event and a resumed one take the same path.
 */
@Injectable()
export class EventStreamsService implements OnModuleDestroy {
  private readonly logger = new Logger(EventStreamsService.name);
  private subscriber?: Redis;
  private subscribed?: Promise<void>;
  private readonly streams = new Set<OpenStream>();
  private readonly closers = new Set<() => void>();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly dataSource: DataSource,
  ) {}

  /** Before the HTTP server closes: open streams would hold it open. */
  onModuleDestroy() {
    for (const close of [...this.closers]) close();
    this.subscriber?.disconnect();
  }

  private subscribe(): Promise<void> {
    if (!this.subscribed) {
      const subscriber = this.redis.duplicate({ lazyConnect: false });
      subscriber.on('error', (error) => this.logger.warn(`event subscriber: ${String(error)}`));
      subscriber.on('message', (_channel: string, key: string) => this.grew(key));
      this.subscriber = subscriber;
      this.subscribed = subscriber.subscribe(EVENTS_CHANNEL).then(
        () => undefined,
        (error: unknown) => {
          subscriber.disconnect();
          this.subscriber = undefined;
          this.subscribed = undefined;
          throw error;
        },
      );
    }
    return this.subscribed;
  }

  private grew(key: string) {
    for (const stream of this.streams) {
      if (key === BROADCAST_KEY || key === memberKey(stream.userId)) this.read(stream);
    }
  }

  /**
   * Opens a member's stream: refuses with EVENT_STREAMS_LIMIT over the
   * limit, else calls `start` (which sends the answer's head) and from then
   * on `write` for each event, replaying what came after `resumeFrom`.
   * Returns the function that closes it (also called on shutdown).
   */
  async open(
    userId: number,
    resumeFrom: Cursors | null,
    io: { start: () => void; write: (chunk: string) => void; end: () => void },
  ): Promise<() => void> {
    await this.subscribe();
    const id = randomUUID();
    const heartbeatMs = this.config.EVENTS_HEARTBEAT_SECONDS * 1000;
    const openKey = `events:open:${userId}`;
    const lapse = () => Date.now() + 3 * heartbeatMs;
    const admitted = await this.redis.eval(
      ADMIT,
      1,
      openKey,
      Date.now(),
      lapse(),
      id,
      this.config.EVENTS_MAX_STREAMS_PER_MEMBER,
      3 * heartbeatMs,
    );
    if (admitted !== 1) throw new AppError('EVENT_STREAMS_LIMIT');

    const cursors = resumeFrom ?? (await this.latest(userId));
    const stream: OpenStream = { userId, id, cursors, write: io.write, reading: Promise.resolve() };
    io.start();
    this.streams.add(stream);
    const heartbeat = setInterval(() => {
      io.write(': keep-alive\n\n');
      void this.redis
        .zadd(openKey, lapse(), id)
        .then(() => this.redis.pexpire(openKey, 3 * heartbeatMs))
        .catch(() => undefined);
    }, heartbeatMs);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      this.streams.delete(stream);
      this.closers.delete(close);
      void this.redis.zrem(openKey, id).catch(() => undefined);
      io.end();
    };
    this.closers.add(close);
    // Whatever came after the cursors, including what was published while
    // this stream was being admitted.
    this.read(stream);
    return close;
  }

  /** The newest ids of both streams: a client without Last-Event-ID starts from now. */
  private async latest(userId: number): Promise<Cursors> {
    const [member, all] = await Promise.all([
      this.redis.xrevrange(memberKey(userId), '+', '-', 'COUNT', 1),
      this.redis.xrevrange(BROADCAST_KEY, '+', '-', 'COUNT', 1),
    ]);
    return { member: member[0]?.[0] ?? '0-0', all: all[0]?.[0] ?? '0-0' };
  }

  private read(stream: OpenStream) {
    stream.reading = stream.reading
      .then(() => this.drain(stream))
      .catch((error: unknown) => this.logger.warn(`live events not read: ${String(error)}`));
  }

  /** Sends everything after the stream's cursors, one `balance` for any number of them. */
  private async drain(stream: OpenStream) {
    if (!this.streams.has(stream)) return;
    let balanceChanged = false;
    for (const which of ['member', 'all'] as const) {
      const key = which === 'member' ? memberKey(stream.userId) : BROADCAST_KEY;
      for (;;) {
        const entries = await this.redis.xrange(
          key,
          `(${stream.cursors[which]}`,
          '+',
          'COUNT',
          PAGE,
        );
        for (const [entryId, fields] of entries) {
          stream.cursors[which] = entryId;
          const event = fields[fields.indexOf('e') + 1];
          const data = fields[fields.indexOf('d') + 1];
          if (event === 'balance') balanceChanged = true;
          else stream.write(this.frame(stream, event, data));
        }
        if (entries.length < PAGE) break;
      }
    }
    if (balanceChanged && this.streams.has(stream)) {
      const balances = await this.ledger.balancesOf(this.dataSource.manager, stream.userId);
      const data = JSON.stringify({
        money: microToNumber(balances.money),
        points: microToNumber(balances.points),
        points_hold: microToNumber(balances.points_hold),
      });
      stream.write(this.frame(stream, 'balance', data));
    }
  }

  private frame(stream: OpenStream, event: string, data: string) {
    return `id: ${stream.cursors.member}_${stream.cursors.all}\nevent: ${event}\ndata: ${data}\n\n`;
  }
}
