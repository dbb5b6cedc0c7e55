import type { Logger } from '@nestjs/common';

/** Tries, a second apart: about as long as TypeORM's own start-up retries (9 x 3 s). */
const START_ATTEMPTS = 30;
const START_RETRY_MS = 1_000;

/**
 * Runs `load`, something a process needs before it serves (the access state,
 * the revoked logins), until it succeeds: PostgreSQL restarting or Redis
 * failing over while the process starts delays the start instead of ending
 * the process (found by `pnpm bench:chaos`). After the last try its error is
 * thrown and the start fails.
 */
export async function retryAtStart(
  what: string,
  logger: Logger,
  load: () => Promise<void>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= START_ATTEMPTS) throw error;
      logger.warn(`${what} could not start (try ${attempt}): ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_MS));
    }
  }
}
