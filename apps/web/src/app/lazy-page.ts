import { lazy, type ComponentType } from 'react';

/**
 * How long to wait before each new try of a screen's chunk that did not
 * arrive (a phone's network dropping a request, a preview server that reset
 * a connection): browsers no longer keep a failed module fetch as failed, so
 * the same import() fetches again. After the last try the screen shows its
 * failure and a Reload (layouts/screen-slot.tsx); a chunk that a new release
 * removed fails every try the same way.
 */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [300, 1000];

/** Loads a chunk, trying again after each of `delays` while it fails; the last failure is thrown. */
export async function loadWithRetries<M>(
  load: () => Promise<M>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
): Promise<M> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= delays.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

/** Each page is its own chunk: a member downloads only the screens they open. */
export function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
  retryDelays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
) {
  return lazy(async () => ({
    default: (await loadWithRetries(load, retryDelays))[name] as ComponentType,
  }));
}
