/**
 * Answers kept for a short while, per key, in this process. Callers that
 * arrive while an answer is being read share that read (at the rush a
 * hundred members asking for the same page cost one query, not a hundred).
 * Once an answer is `ttlMs` old the next caller starts a new read, and until
 * it lands callers keep getting the previous answer: at the rush nobody waits
 * for the refresh, which queues for a pooled connection like any query. So an
 * answer is at most `ttlMs` plus one read old. A read that fails is not kept
 * (nor the answer before it). `clear()` after a change this process made
 * (after its commit) drops every answer: the next caller reads and waits.
 * A `ttlMs` of 0 keeps nothing: every call reads.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    /** Most keys kept; the oldest goes first (keys come from requests). */
    private readonly maxKeys = 100,
  ) {}

  get(key: K, read: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return read();
    const kept = this.entries.get(key);
    if (!kept) return this.start(key, read).value;
    if (Date.now() - kept.at < this.ttlMs || !kept.settled) return kept.value;
    // Stale: the first caller starts the next read; until it lands, the kept answer serves.
    kept.refresh ??= this.start(key, read, kept);
    return kept.value;
  }

  clear(): void {
    this.entries.clear();
  }

  /** A read for `key`, kept once it lands (at once when nothing is kept: callers wait for it). */
  private start(key: K, read: () => Promise<V>, stale?: Entry<V>): Entry<V> {
    const entry: Entry<V> = { at: Date.now(), value: read(), settled: false };
    if (!stale) this.keep(key, entry);
    entry.value.then(
      () => {
        entry.settled = true;
        // Only over the answer it refreshes: a clear() meanwhile dropped that one.
        if (stale && this.entries.get(key) === stale) this.keep(key, entry);
      },
      () => {
        const current = this.entries.get(key);
        if (current === entry || current === stale) this.entries.delete(key);
      },
    );
    return entry;
  }

  private keep(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
  }
}

interface Entry<V> {
  /** When its read started. */
  at: number;
  value: Promise<V>;
  settled: boolean;
  /** The read that will replace it, once it is stale. */
  refresh?: Entry<V>;
}
