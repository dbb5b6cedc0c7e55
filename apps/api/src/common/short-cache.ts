/**
 * Answers kept for a short while, per key, in this process. Callers that
 * arrive while an answer is being read share that read (at the rush a
 * hundred members asking for the same page cost one query, not a hundred).
 * A read that fails is not kept. `clear()` after a change this process made
 * (after its commit) lets the next caller read again; other API processes see
 * the change within `ttlMs`. A `ttlMs` of 0 keeps nothing: every call reads.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    /** Most keys kept; the oldest goes first (keys come from requests). */
    private readonly maxKeys = 100,
  ) {}

  get(key: K, read: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return read();
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && now - kept.at < this.ttlMs) return kept.value;
    const entry = { at: now, value: read() };
    this.entries.delete(key);
    if (this.entries.size >= this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  clear(): void {
    this.entries.clear();
  }
}
