import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { APP_CONFIG, AppConfig } from '../config/config';
import { DEFAULT_PASSWORD_COST } from '../config/password-cost';
import { AppError } from './app-error';

/** argon2id's memory (KiB) and passes. */
export interface PasswordCost {
  memoryKib: number;
  passes: number;
}

// argon2id in one lane, by default at OWASP's 19 MiB and 2 passes
// (config/password-cost.ts). One lane, not four: four lanes run as four
// threads that take both cores of a small machine from the requests around
// them, for slightly more total work (docs/decisions.md, "Hot paths"). A
// stored hash names its own parameters, so older hashes (64 MiB, 3 passes;
// four lanes) still verify. These two run unbounded: the seed script uses
// them; the API goes through PasswordHasher below.
export const hashPassword = (password: string, cost: PasswordCost = DEFAULT_PASSWORD_COST) =>
  argon2.hash(password, {
    type: argon2.argon2id,
    memoryCost: cost.memoryKib,
    timeCost: cost.passes,
    parallelism: 1,
  });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with other parameters than `cost` (then it is remade). */
export function hashNeedsUpgrade(hash: string, cost: PasswordCost): boolean {
  try {
    return argon2.needsRehash(hash, {
      memoryCost: cost.memoryKib,
      timeCost: cost.passes,
      parallelism: 1,
    });
  } catch {
    return false;
  }
}

/**
 * Who is waiting for a hash. Sign-in and the signed-in member's own checks go
 * first: a flood of registrations must not keep members out.
 */
export type HashPriority = 'interactive' | 'registration';

interface Waiter {
  resolve: () => void;
  timer?: NodeJS.Timeout;
}

/**
 * Every argon2 hash and verification of the API runs here, at most
 * PASSWORD_HASH_CONCURRENCY at once (each takes PASSWORD_HASH_MEMORY_KIB
 * and a CPU core for tens of milliseconds). The rest wait in two queues, interactive first; one
 * that waits longer than PASSWORD_HASH_QUEUE_MS is answered 503
 * SERVICE_UNAVAILABLE with Retry-After instead of piling up.
 */
@Injectable()
export class PasswordHasher {
  private readonly concurrency: number;
  private readonly queueMs: number;
  private readonly cost: PasswordCost;
  private running = 0;
  private highest = 0;
  private readonly queues: Record<HashPriority, Waiter[]> = { interactive: [], registration: [] };
  private dummyHash?: Promise<string>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.concurrency = config.PASSWORD_HASH_CONCURRENCY;
    this.queueMs = config.PASSWORD_HASH_QUEUE_MS;
    this.cost = { memoryKib: config.PASSWORD_HASH_MEMORY_KIB, passes: config.PASSWORD_HASH_PASSES };
  }

  /** The most hashes that ever ran at once (tests and diagnostics). */
  get peak(): number {
    return this.highest;
  }

  hash(password: string, priority: HashPriority): Promise<string> {
    return this.run(priority, () => hashPassword(password, this.cost));
  }

  /** A stored hash made with other parameters than today's: remade after a good sign-in. */
  needsUpgrade(hash: string): boolean {
    return hashNeedsUpgrade(hash, this.cost);
  }

  verify(hash: string, password: string, priority: HashPriority): Promise<boolean> {
    return this.run(priority, () => verifyPassword(hash, password));
  }

  /** Spends the same time as a real check, so unknown phones cannot be told apart. */
  async burn(password: string): Promise<void> {
    this.dummyHash ??= this.hash('not-a-real-password', 'interactive');
    const hash = await this.dummyHash.catch((error: unknown) => {
      this.dummyHash = undefined;
      throw error;
    });
    await this.verify(hash, password, 'interactive');
  }

  private async run<T>(priority: HashPriority, task: () => Promise<T>): Promise<T> {
    await this.acquire(priority);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(priority: HashPriority): Promise<void> {
    if (this.concurrency === 0 || this.running < this.concurrency) {
      this.running++;
      this.highest = Math.max(this.highest, this.running);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const queue = this.queues[priority];
      const waiter: Waiter = { resolve };
      if (this.queueMs > 0) {
        waiter.timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          const retryAfter = String(Math.max(1, Math.ceil(this.queueMs / 1000)));
          reject(
            new AppError('SERVICE_UNAVAILABLE', 'The server is busy, try again shortly', {
              'Retry-After': retryAfter,
            }),
          );
        }, this.queueMs);
      }
      queue.push(waiter);
    });
  }

  /** Hands the slot straight to the next waiter, so `running` never exceeds the bound. */
  private release(): void {
    const next = this.queues.interactive.shift() ?? this.queues.registration.shift();
    if (!next) {
      this.running--;
      return;
    }
    clearTimeout(next.timer);
    next.resolve();
  }
}
