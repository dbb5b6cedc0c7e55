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

  constructor(readonly value: T) {
    this.bytes = Buffer.from(JSON.stringify(value), 'utf8');
  }

  toJSON(): T {
    return this.value;
  }
}
