import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { LedgerService } from '../ledger/ledger.service';
import { REDIS } from '../../infra/redis/redis.module';
import { SessionEnds, type SessionEnd } from '../auth/session-ends';
import {
  ACCESS_VERIFIER,
  type AccessVerifier,
  type AuthUser,
  type Role,
  Staff,
  isStaff,
} from '../../common/auth';
import { type Language, type Texts, pickText } from '../../common/language';
import {
  BROADCAST_KEY,
  EVENTS_CHANNEL,
  STAFF_KEY,
  type StaffQueue,
  memberKey,
} from '../../infra/events/member-events.service';

/**
 * Where a client stands in its streams: the member's own, the one to all
 * members and, for operators, the staff one (their queues).
 */
interface Cursors {
  member: string;
  all: string;
  staff?: string;
}

/** One open event stream of this process. */
interface OpenStream {
  userId: number;
  /** The login the stream belongs to: it closes when that login ends. */
  sessionId: string;
  role: Role;
  /** The reader's language: a message's title is sent in it. */
  lang: Language;
  id: string;
  cursors: Cursors;
  write: (chunk: string) => void;
  /** Reads run one after another, so nothing is sent twice or out of order. */
  reading: Promise<void>;
  close: () => void;
}

const STREAM_ID = /^\d{1,20}-\d{1,20}$/;
const PAGE = 100;

/**
 * `Last-Event-ID` as this API writes it: `<member stream id>_<broadcast
 * stream id>`, and `_<staff stream id>` after them for operators.
 */
export function parseEventId(value: string | undefined): Cursors | null {
  const [member, all, staff, ...rest] = (value ?? '').trim().split('_');
  if (rest.length || !STREAM_ID.test(member ?? '') || !STREAM_ID.test(all ?? '')) return null;
  if (staff !== undefined && !STREAM_ID.test(staff)) return null;
  return staff === undefined ? { member, all } : { member, all, staff };
}

/** Which operators work which queue: those the queue's admin routes admit. */
const QUEUE_ROLES: Record<StaffQueue, readonly Role[]> = {
  withdrawals: Staff.money,
  card_deposits: Staff.money,
  verifications: Staff.people,
  reports: Staff.people,
  support: Staff.people,
  held_deposits: Staff.money,
  deposit_gaps: Staff.money,
};

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
 *
 * A stream belongs to one login and closes when it ends (SessionEnds: a
 * logout, a password change, a deactivation, a role change, on whichever
 * process it happens) or when the access token it was opened with lapses.
 */
@Injectable()
export class EventStreamsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventStreamsService.name);
  private subscriber?: Redis;
  private subscribed?: Promise<void>;
  private readonly streams = new Set<OpenStream>();
  private readonly closers = new Set<() => void>();
  private stopListening?: () => void;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ledger: LedgerService,
    private readonly dataSource: DataSource,
    private readonly ends: SessionEnds,
    @Inject(ACCESS_VERIFIER) private readonly verifier: AccessVerifier,
  ) {}

  onModuleInit() {
    this.stopListening = this.ends.listen((end) => this.ended(end));
  }

  /** Before the HTTP server closes: open streams would hold it open. */
  onModuleDestroy() {
    this.stopListening?.();
    for (const close of [...this.closers]) close();
    this.subscriber?.disconnect();
  }

  /** A login ended, or an account changed: its streams close (the client asks for a new ticket). */
  private ended(end: SessionEnd) {
    for (const stream of [...this.streams]) {
      if ('sessionId' in end ? stream.sessionId === end.sessionId : stream.userId === end.userId)
        stream.close();
    }
  }

  /** Whether the stream's login still stands, with the role the stream was opened with. */
  private stillCurrent(stream: OpenStream): boolean {
    return this.verifier.current(stream.userId, stream.sessionId)?.role === stream.role;
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
      if (
        key === BROADCAST_KEY ||
        key === memberKey(stream.userId) ||
        (key === STAFF_KEY && stream.cursors.staff !== undefined)
      )
        this.read(stream);
    }
  }

  /**
   * Opens a member's stream: refuses with EVENT_STREAMS_LIMIT over the
   * limit, else calls `start` (which sends the answer's head) and from then
   * on `write` for each event, replaying what came after `resumeFrom`.
   * It ends (`end`) at `expiresAtMs` or when the login ends. Returns the
   * function that closes it (also called on shutdown).
   */
  async open(
    user: AuthUser,
    expiresAtMs: number | null,
    lang: Language,
    resumeFrom: Cursors | null,
    io: { start: () => void; write: (chunk: string) => void; end: () => void },
  ): Promise<() => void> {
    await this.subscribe();
    const userId = user.id;
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

    const latest = await this.latest(userId);
    const cursors: Cursors = resumeFrom
      ? { member: resumeFrom.member, all: resumeFrom.all }
      : { member: latest.member, all: latest.all };
    // Operators follow their queues too (from their Last-Event-ID's, else from now).
    if (isStaff(user.role)) cursors.staff = resumeFrom?.staff ?? latest.staff;
    const stream: OpenStream = {
      userId,
      sessionId: user.sessionId,
      role: user.role,
      lang,
      id,
      cursors,
      write: io.write,
      reading: Promise.resolve(),
      close: () => close(),
    };
    io.start();
    this.streams.add(stream);
    const heartbeat = setInterval(() => {
      // A missed notice (a Redis or PostgreSQL reconnect) still ends the stream here.
      if (!this.stillCurrent(stream)) {
        close();
        return;
      }
      io.write(': keep-alive\n\n');
      void this.redis
        .zadd(openKey, lapse(), id)
        .then(() => this.redis.pexpire(openKey, 3 * heartbeatMs))
        .catch(() => undefined);
    }, heartbeatMs);
    const expiry =
      expiresAtMs === null
        ? undefined
        : setTimeout(() => close(), Math.max(0, expiresAtMs - Date.now()));
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      this.streams.delete(stream);
      this.closers.delete(close);
      void this.redis.zrem(openKey, id).catch(() => undefined);
      io.end();
    };
    this.closers.add(close);
    // The login ended while the stream was being admitted: its notice has passed.
    if (!this.stillCurrent(stream)) {
      close();
      return close;
    }
    // Whatever came after the cursors, including what was published while
    // this stream was being admitted.
    this.read(stream);
    return close;
  }

  /** The newest ids of the streams: a client without Last-Event-ID starts from now. */
  private async latest(userId: number): Promise<Required<Cursors>> {
    const [member, all, staff] = await Promise.all(
      [memberKey(userId), BROADCAST_KEY, STAFF_KEY].map((key) =>
        this.redis.xrevrange(key, '+', '-', 'COUNT', 1),
      ),
    );
    return {
      member: member[0]?.[0] ?? '0-0',
      all: all[0]?.[0] ?? '0-0',
      staff: staff[0]?.[0] ?? '0-0',
    };
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
    const keys = {
      member: memberKey(stream.userId),
      all: BROADCAST_KEY,
      staff: STAFF_KEY,
    } as const;
    for (const which of ['member', 'all', 'staff'] as const) {
      if (stream.cursors[which] === undefined) continue;
      const key = keys[which];
      for (;;) {
        const entries: [string, string[]][] = await this.redis.xrange(
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
          else {
            const delivered = this.deliverable(stream, event, data);
            if (delivered !== null) stream.write(this.frame(stream, event, delivered));
          }
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

  /**
   * An event's data as this reader gets it, or null when it is not theirs: a
   * message's title (stored per language) in the reader's language, a queue
   * event only to the operators who work that queue.
   */
  private deliverable(stream: OpenStream, event: string, data: string): string | null {
    if (event === 'message') {
      const message = JSON.parse(data) as { id: number; title: Texts | string };
      const title =
        typeof message.title === 'string' ? message.title : pickText(message.title, stream.lang);
      return JSON.stringify({ id: message.id, title });
    }
    if (event === 'queue') {
      const { queue } = JSON.parse(data) as { queue: StaffQueue };
      return QUEUE_ROLES[queue]?.includes(stream.role) ? data : null;
    }
    return data;
  }

  private frame(stream: OpenStream, event: string, data: string) {
    const { member, all, staff } = stream.cursors;
    const id = staff === undefined ? `${member}_${all}` : `${member}_${all}_${staff}`;
    return `id: ${id}\nevent: ${event}\ndata: ${data}\n\n`;
  }
}
