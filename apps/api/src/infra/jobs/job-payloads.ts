/**
 * Every job put on a BullMQ queue, by queue and name, with its payload (issue 42: one typed
 * door for jobs, as immich's job repository has). A producer names a job of this map through
 * `JobQueue.enqueue` (infra/jobs/job-queue.ts) or a tick's `enqueue`, and the compiler
 * checks the name against its queue and the payload against the name; the handler's `run`
 * in the owner's `<m>.jobs.ts` receives the same payload type. A new job is added here, in its
 * owner's `enqueues` and `jobs`, and nowhere else: adding a job any other way fails `pnpm lint`.
 */
export interface JobPayloads {
  deposits: {
    /** A claim of `POST /balance/add` to check on chain (wallet record id). */
    'verify-claim': { recordId: string };
    /** One run of the reconciler; the job id names its period. */
    reconcile: Record<string, never>;
  };
  mail: {
    /** A row of the mail outbox to send. */
    'send-mail': { outboxId: string };
  };
  maintenance: {
    'settle-promotion': { grantId: number };
    'release-hold': { holdId: number };
    'expire-membership': { userId: number };
    /** The proof due is read again from the database; the job id names the snapshot. */
    'publish-proof': Record<string, never>;
  };
}

/** A queue jobs are put on. */
export type QueueName = keyof JobPayloads;

/** A job name of `Q`. */
export type JobName<Q extends QueueName> = keyof JobPayloads[Q] & string;

/** One job of queue `Q` to add: its name, the payload that name takes, its id (idempotency). */
export type JobOf<Q extends QueueName> = {
  [N in JobName<Q>]: { name: N; data: JobPayloads[Q][N]; jobId: string };
}[JobName<Q>];

/**
 * The payload a handler of `name` on `queue` receives: the map's, or a bare record for a queue
 * outside the map (the tests' own queues).
 */
export type PayloadOf<Q extends string, N extends string> = Q extends QueueName
  ? N extends JobName<Q>
    ? JobPayloads[Q][N]
    : never
  : Record<string, unknown>;

/** The names a handler may declare on `Q`: those of the map on its queues, any on the tests' own. */
export type HandledName<Q extends string> = Q extends QueueName ? JobName<Q> : string;
