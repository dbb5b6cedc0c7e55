import DataLoader from 'dataloader';

/** Answers a batch's keys, one value for each, in the keys' order. */
export type BatchRead<K, V> = (keys: readonly K[]) => Promise<V[]>;

/**
 * Reads of the same kind that arrive in the same turn of the event loop,
 * answered by one statement (issue 41, docs/decisions.md "Reads batched by
 * turn"). At the rush, each read on its own held a pooled connection from
 * one turn to the next: ten connections answered ten reads a turn, and the
 * rest queued for turns behind them. A batch leaves in the turn's check
 * phase (setImmediate), after the poll phase has taken every request that
 * arrived, so a read waits no longer than it did for its own statement, and
 * a turn's reads of one kind take one connection and one round trip.
 *
 * Nothing is cached: every read asks the database, after its request came,
 * so it sees every write committed before. A failed statement fails each
 * read of its batch. `size` 0 (READ_BATCH_SIZE=0): each read runs the batch
 * statement for its key alone, at once.
 */
export function batchedRead<K, V>(size: number, read: BatchRead<K, V>): (key: K) => Promise<V> {
  if (size === 0) return async (key) => (await read([key]))[0];
  const loader = new DataLoader<K, V>(read, {
    cache: false,
    maxBatchSize: size,
    batchScheduleFn: (dispatch) => setImmediate(dispatch),
  });
  return (key) => loader.load(key);
}

/** Rows of a batch statement with the key's position (`batch_key`, from 1) put back in their keys' order. */
export function byBatchKey<R extends { batch_key: number | string }>(
  keyCount: number,
  rows: R[],
): Omit<R, 'batch_key'>[][] {
  const grouped: Omit<R, 'batch_key'>[][] = Array.from({ length: keyCount }, () => []);
  for (const { batch_key, ...row } of rows) grouped[Number(batch_key) - 1].push(row);
  return grouped;
}
