import type { Type } from '@nestjs/common';
import { AppConfig, loadConfig } from '../../config/config';
import type { HandledName, JobOf, PayloadOf, QueueName } from './job-payloads';

/**
 * The one way background work is declared (issue 26). Each owning module keeps
 * a `<m>.jobs.ts` beside it with one `background({...})`: the queued jobs it
 * handles, the names it puts on queues, and its periodic ticks.
 * `src/background-registry.ts` lists them all, `infra/jobs/background.runner.ts`
 * runs them, and the table in `docs/architecture.md` is generated from them
 * (`pnpm docs:sync`). Here only the shapes and pure checks: the ledger,
 * which imports no module, declares its ticks too.
 */

export type BackgroundProcess = 'api' | 'worker';

/** A numeric setting (milliseconds) that says how often a tick runs. */
export type IntervalSetting = {
  [K in keyof AppConfig]-?: AppConfig[K] extends number ? K : never;
}[keyof AppConfig];

/** What a tick may use besides its handler: the settings and the queues. */
export interface TickContext {
  config: AppConfig;
  /** Aborted when the process stops: a tick going through items stops between two. */
  stopping: AbortSignal;
  /**
   * Adds jobs (a deterministic `jobId` each, so repeated sweeps collapse) and
   * returns how many, through the one door (infra/jobs/job-queue.ts): names
   * and payloads of infra/jobs/job-payloads.ts. Only names the owner declares in
   * `enqueues` are accepted.
   */
  enqueue<Q extends QueueName>(queue: Q, jobs: JobOf<Q>[], options?: JobOptions): Promise<number>;
}

export interface JobOptions {
  attempts?: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
  removeOnComplete?: number | boolean;
  removeOnFail?: number | boolean;
}

/** A job on a BullMQ queue and what handles it (always in the worker). */
export interface QueuedJob<H = unknown, D = Record<string, unknown>> {
  queue: string;
  name: string;
  /** One line for the generated table. */
  does: string;
  /** A provider of the owning module, resolved when the process starts. */
  handler: Type<H>;
  /** The job's outcome; throwing fails the attempt (BullMQ retries it). */
  run: (handler: H, data: D) => Promise<unknown>;
}

/** A name put on a queue, and by whom (a tick of this owner, or a route). */
export interface Enqueues {
  queue: string;
  name: string;
  by: string;
}

export interface Tick<H = unknown> {
  name: string;
  does: string;
  process: BackgroundProcess;
  /** The setting with the period in ms (0 turns the tick off), or a fixed period. */
  every: IntervalSetting | { ms: number };
  /** Further conditions on the settings, with their words for the generated table. */
  onlyIf?: { says: string; test: (config: AppConfig) => boolean };
  /** Also run once right after the process starts. */
  atStart?: boolean;
  /** Failures are expected while a dependency is away (a TRON node): logged as warnings. */
  failuresAreWarnings?: boolean;
  handler: Type<H>;
  run: (handler: H, context: TickContext) => Promise<unknown>;
}

export interface BackgroundDeclaration {
  /** The module folder that owns the work (`modules/<owner>`). */
  owner: string;
  /** The Nest module that provides the handlers; imported where the work runs. */
  module: Type<unknown>;
  jobs?: QueuedJob[];
  enqueues?: Enqueues[];
  ticks?: Tick[];
}

/**
 * Typed helpers: each keeps its handler's type between `handler` and `run`; a
 * job's `run` receives the payload infra/jobs/job-payloads.ts gives its name (a
 * name the map lacks on a queue of the map does not compile).
 */
export const job = <H, Q extends string, N extends string>(
  declared: QueuedJob<H, PayloadOf<Q, N>> & { queue: Q; name: N & HandledName<Q> },
): QueuedJob => declared as unknown as QueuedJob;
export const tick = <H>(declared: Tick<H>): Tick => declared as Tick;
export const background = (declared: BackgroundDeclaration) => declared;

export class BackgroundRegistryError extends Error {}

/**
 * Refuses a registry the worker could not run faithfully: a name put on a
 * queue with no handler (its jobs would fail forever), two handlers for one
 * name, two ticks of one name (SchedulerRegistry keys them by name).
 */
export function validateBackground(declarations: BackgroundDeclaration[]): void {
  const problems: string[] = [];
  const handlers = new Map<string, string>();
  const ticks = new Map<string, string>();
  for (const d of declarations) {
    for (const j of d.jobs ?? []) {
      const key = `${j.queue}/${j.name}`;
      const other = handlers.get(key);
      if (other) problems.push(`job ${key} is handled twice (${other}, ${d.owner})`);
      handlers.set(key, d.owner);
      if (typeof j.handler !== 'function' || typeof j.run !== 'function')
        problems.push(`job ${key} (${d.owner}) declares no handler`);
    }
    for (const t of d.ticks ?? []) {
      const other = ticks.get(t.name);
      if (other) problems.push(`tick ${t.name} is declared twice (${other}, ${d.owner})`);
      ticks.set(t.name, d.owner);
      if (typeof t.handler !== 'function' || typeof t.run !== 'function')
        problems.push(`tick ${t.name} (${d.owner}) declares no handler`);
    }
  }
  for (const d of declarations)
    for (const e of d.enqueues ?? [])
      if (!handlers.has(`${e.queue}/${e.name}`))
        problems.push(
          `job ${e.queue}/${e.name} (put on the queue by ${d.owner}: ${e.by}) has no handler`,
        );
  if (problems.length > 0)
    throw new BackgroundRegistryError(`background work refused:\n  ${problems.join('\n  ')}`);
}

/** The tick's period under these settings; 0: off. */
export function tickPeriod(t: Tick, config: AppConfig): number {
  const period = typeof t.every === 'string' ? config[t.every] : t.every.ms;
  if (!period || period <= 0) return 0;
  return t.onlyIf && !t.onlyIf.test(config) ? 0 : period;
}

const code = (text: string) => `\`${text}\``;

/** Whether the settings accept 0 for this period (then it turns the tick off). */
function zeroTurnsOff(setting: IntervalSetting): boolean {
  try {
    loadConfig({ [setting]: '0' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The table between the markers in docs/architecture.md: what runs where and
 * how often, with the defaults (the settings of an empty environment).
 */
export function describeBackground(declarations: BackgroundDeclaration[]): string {
  const defaults = loadConfig({});
  const rows: string[][] = [];
  for (const d of declarations)
    for (const t of d.ticks ?? []) {
      const how =
        typeof t.every === 'string'
          ? `every ${code(t.every)} ms (default ${defaults[t.every]}${zeroTurnsOff(t.every) ? '; 0: off' : ''})`
          : `every ${t.every.ms} ms`;
      const conditions = [t.onlyIf?.says, t.atStart ? 'also once at start' : undefined]
        .filter(Boolean)
        .join('; ');
      rows.push([
        t.process,
        `tick ${code(t.name)}`,
        conditions ? `${how}, ${conditions}` : how,
        code(d.owner),
        t.does,
      ]);
    }
  for (const d of declarations)
    for (const j of d.jobs ?? []) {
      const by = declarations.flatMap((o) =>
        (o.enqueues ?? []).filter((e) => e.queue === j.queue && e.name === j.name).map((e) => e.by),
      );
      rows.push([
        'worker',
        `job ${code(`${j.queue}/${j.name}`)}`,
        `when queued (by ${by.join(', ')})`,
        code(d.owner),
        j.does,
      ]);
    }
  const header = ['process', 'what', 'when', 'owner', 'does'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

export const BACKGROUND_START = '<!-- background:start -->';
export const BACKGROUND_END = '<!-- background:end -->';

/** `document` with the generated section replaced by `table`. */
export function withBackgroundSection(document: string, table: string): string {
  const start = document.indexOf(BACKGROUND_START);
  const end = document.indexOf(BACKGROUND_END);
  if (start < 0 || end < start)
    throw new Error(`the document lacks ${BACKGROUND_START} … ${BACKGROUND_END}`);
  const generated =
    `${BACKGROUND_START}\n<!-- generated from apps/api/src/background-registry.ts by pnpm docs:sync -->\n\n` +
    `${table}\n\n`;
  return document.slice(0, start) + generated + document.slice(end);
}
