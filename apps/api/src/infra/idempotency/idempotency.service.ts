import { Inject, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { IdempotencyRepository } from './idempotency.repository';

/** What is kept of an answer: a body, or a refusal the client can act on. */
type StoredAnswer =
  | { body: unknown }
  | { error: { code: AppError['code']; detail: string; headers: Record<string, string> } };

export interface IdempotentOutcome {
  body: unknown;
  /** True when this is the answer of an earlier request with the key. */
  replayed: boolean;
}

const EXPIRY_EVERY = 100;
const EXPIRY_BATCH = 1000;

/** Marks an answer given again from an earlier request with the key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * Refusals that are no outcome of the operation and must not be replayed
 * (a recovery hold, like a rate limit, ends by itself: the same request may
 * then run).
 */
const NOT_KEPT: ReadonlySet<string> = new Set([
  'TOO_MANY_ATTEMPTS',
  'TOO_MANY_REQUESTS',
  'IDEMPOTENCY_CONFLICT',
  'IDEMPOTENCY_KEY_IN_USE',
  'RECOVERY_HOLD',
]);

/**
 * Runs a request once per (user, Idempotency-Key) and answers every retry
 * with the same key and request with the first answer (status and body); the
 * same key with another request is 409 IDEMPOTENCY_CONFLICT. A retry arriving
 * while the first still runs waits for its answer (IDEMPOTENCY_WAIT_SECONDS).
 *
 * Kept: the body of a 200 and the catalogue refusals (4xx) the operation
 * itself gave. Not kept, so a retry runs again: validation failures, rate
 * limits, and unexpected errors (the operation's transaction rolled back).
 * A request cut off between its commit and keeping its answer leaves the
 * key taken: a retry is refused (IDEMPOTENCY_KEY_IN_USE) rather than run
 * twice, until the key expires.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger(IdempotencyService.name);
  /** Keys taken by this process: every EXPIRY_EVERY-th also clears expired ones. */
  private taken = 0;

  constructor(
    private readonly keys: IdempotencyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(
    userId: number,
    key: string,
    fingerprint: string,
    operation: () => Promise<unknown>,
  ): Promise<IdempotentOutcome> {
    const deadline = Date.now() + this.config.IDEMPOTENCY_WAIT_SECONDS * 1000;
    let pause = 20;
    for (;;) {
      if (await this.keys.claim(userId, key, fingerprint, this.config.IDEMPOTENCY_KEY_TTL_HOURS)) {
        this.clearExpiredNowAndThen();
        return { body: await this.first(userId, key, operation), replayed: false };
      }
      const stored = await this.keys.find(userId, key);
      if (!stored) continue; // given back just now: take it
      if (stored.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_CONFLICT');
      if (stored.status !== null && stored.answer !== null) {
        return { body: replay(JSON.parse(stored.answer) as StoredAnswer), replayed: true };
      }
      if (Date.now() >= deadline) {
        throw new AppError('IDEMPOTENCY_KEY_IN_USE', undefined, { 'Retry-After': '1' });
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 200);
    }
  }

  /**
   * Expired keys are cleared as new ones are taken (no scheduler needed), a
   * bounded batch at a time, off the request's path.
   */
  private clearExpiredNowAndThen() {
    const ttl = this.config.IDEMPOTENCY_KEY_TTL_HOURS;
    if (!ttl || ++this.taken % EXPIRY_EVERY !== 0) return;
    void this.keys
      .deleteExpired(ttl, EXPIRY_BATCH)
      .catch((error: unknown) => this.logger.warn(`expired idempotency keys: ${String(error)}`));
  }

  private async first(userId: number, key: string, operation: () => Promise<unknown>) {
    let body: unknown;
    try {
      body = await operation();
    } catch (error) {
      if (error instanceof AppError && error.status < 500 && !NOT_KEPT.has(error.code)) {
        const answer: StoredAnswer = {
          error: { code: error.code, detail: error.detail, headers: error.headers },
        };
        await this.keep(this.keys.complete(userId, key, error.status, JSON.stringify(answer)));
      } else {
        await this.keep(this.keys.release(userId, key));
      }
      throw error;
    }
    await this.keep(
      this.keys.complete(userId, key, 200, JSON.stringify({ body } satisfies StoredAnswer)),
    );
    return body;
  }

  /**
   * The operation's answer goes out even when keeping it fails (PostgreSQL
   * away at that moment): the key then stays taken, and a retry is refused
   * rather than run twice.
   */
  private async keep(step: Promise<void>): Promise<void> {
    await step.catch((error: unknown) =>
      this.logger.warn(`idempotency key not updated: ${String(error)}`),
    );
  }
}

function replay(answer: StoredAnswer): unknown {
  if ('error' in answer) {
    throw new AppError(answer.error.code, answer.error.detail, {
      ...answer.error.headers,
      [REPLAYED_HEADER]: 'true',
    });
  }
  return answer.body;
}
