import { createHash } from 'node:crypto';

/**
 * An answer serialised once and sent as it is to every reader who asks for
 * it while it is kept (the catalogue: every home screen asks, at the rush
 * thousands of times a second, and serialising its sixty titles was a fifth
 * of the API's CPU in a profile of bench:load, docs/benchmarks.md). A
 * `@DirectRoute()` method that returns one answers with its bytes as
 * `application/json`; anywhere else (Nest's own pipeline, a caller in the
 * code) it serialises as the value it holds, so the answer is the same
 * either way, only dearer.
 */
export class JsonText<T> {
  readonly bytes: Buffer;
  /**
   * Set when the answer is the same for every reader who asks in its
   * language (`revalidate`): a browser may then keep it and ask whether it
   * changed, and the direct route answers 304 with no body when it has not,
   * a phone's bytes saved on every visit to the films (docs/decisions.md).
   * Personal answers stay uncached (no-store).
   */
  readonly etag: string | undefined;

  constructor(
    readonly value: T,
    options: { revalidate?: boolean } = {},
  ) {
    this.bytes = Buffer.from(JSON.stringify(value), 'utf8');
    this.etag = options.revalidate ? etagOf(this.bytes) : undefined;
  }

  toJSON(): T {
    return this.value;
  }
}

/** A strong validator: the same bytes, the same tag, whichever process made them. */
function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether an If-None-Match header names this tag: a list of tags, or `*`;
 * compared weakly, as RFC 9110 (13.1.2) says this header is.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}
