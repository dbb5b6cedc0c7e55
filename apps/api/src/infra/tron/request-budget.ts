import type Redis from 'ioredis';
import { RequestBudget } from './node-pool';

/**
 * TRON_MAX_REQUESTS_PER_SECOND for every API and worker process together: a
 * counter per wall-clock second in Redis; a request past the limit waits for
 * the next second. If Redis does not answer promptly the request goes ahead
 * (a provider's 429 then still rests the node): payments never stop on the
 * limiter.
 */
export class RedisRequestBudget implements RequestBudget {
  constructor(
    private readonly redis: Redis,
    private readonly perSecond: number,
    private readonly prefix = 'tron:requests',
    private readonly redisWaitMs = 500,
  ) {}

  async take(): Promise<void> {
    if (this.perSecond <= 0) return;
    for (;;) {
      const now = Date.now();
      const second = Math.floor(now / 1000);
      const count = await this.count(`${this.prefix}:${second}`);
      if (count === null || count <= this.perSecond) return;
      // Full: wait for the next second (a little spread, so waiters do not all come back at once).
      await sleep(1000 - (now % 1000) + Math.floor(Math.random() * 20));
    }
  }

  private async count(key: string): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.redisWaitMs);
    });
    const counted = this.redis
      .multi()
      .incr(key)
      .pexpire(key, 5_000)
      .exec()
      .then((replies) => Number(replies?.[0]?.[1] ?? 0))
      .catch(() => null);
    try {
      return await Promise.race([counted, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
