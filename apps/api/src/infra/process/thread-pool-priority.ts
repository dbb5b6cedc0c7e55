import { readFileSync, readdirSync, stat } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * The scheduling priority of libuv's thread pool, where every argon2 hash
 * runs (64 MiB and a seventh of a second of a core each), besides file
 * writes and DNS lookups. Lowered (a higher nice value), the event loop that
 * every member's request waits on keeps its core while sign-ins hash: at
 * full load on two cores the hashes took a quarter of the CPU and the reads'
 * p99 rose by a fifth (docs/decisions.md, "Hot paths"). Hashes still get
 * every idle cycle; under contention they wait, bounded by
 * PASSWORD_HASH_QUEUE_MS. Linux only; lowering a priority needs no
 * privilege.
 *
 * main.ts imports this module first: libuv starts all the pool's threads on
 * the first task anyone queues, synchronously, and Node 20 leaves them
 * unnamed, so they are the threads that appear when this module queues that
 * first task (Node 22 names them `libuv-worker`). A native addon loaded
 * later (msgpackr's, through BullMQ) would otherwise start the pool first.
 */
const linux = process.platform === 'linux';

/** The ids of this process's threads. */
const threadIds = (): string[] => readdirSync('/proc/self/task');

function threadName(id: string): string {
  try {
    return readFileSync(`/proc/self/task/${id}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

function startPool(): string[] {
  if (!linux) return [];
  const before = new Set(threadIds());
  stat(__filename, () => {});
  return threadIds().filter((id) => !before.has(id));
}

const startedHere = startPool();

/** Sets the pool's nice value; returns how many threads were changed (0: none found). */
export function lowerThreadPoolPriority(nice: number): number {
  if (nice === 0 || !linux) return 0;
  const named = threadIds().filter((id) => threadName(id) === 'libuv-worker');
  const pool = named.length > 0 ? named : startedHere;
  for (const id of pool) setPriority(Number(id), nice);
  return pool.length;
}
