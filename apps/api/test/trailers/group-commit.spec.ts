import {
  type Member,
  type TestApp,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
  viewFor,
} from '../support/harness';

/**
 * Group commit on the watch path (issue 41): watches that arrive together
 * are posted in one database transaction, each its own ledger transaction
 * in its own savepoint. Batches here are large and wait long (64 watches,
 * 250 ms), so the parallel watches of a test share them; that they did is
 * read from the rows themselves (a row's `created_at` is its transaction's
 * start: one value per batch).
 */
const LEVEL = 2; // 0.8 USDT a trailer, 10 a day
const REWARD = 0.8;
const QUOTA = 10;
const COMMISSION_1 = 0.08; // 10 % to the inviter

describe('group commit: watches that arrive together commit together, each on its own', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp({
      WATCH_BATCH_SIZE: '64',
      WATCH_BATCH_WAIT_MS: '250',
      WATCH_BATCH_FLUSHES: '2',
      // Teams sign up at once: no 503 from the password hashes' queue.
      PASSWORD_HASH_QUEUE_MS: '0',
    });
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
  });

  const watch = (m: Member, trailer: number, view: { view_id: string }) =>
    t.http().post(`/trailers/${trailer}/watch`).set(m.auth).send(view);

  async function team(size: number) {
    const inviter = await member(t);
    await setLevel(t, inviter.id, LEVEL);
    const members = await Promise.all(
      Array.from({ length: size }, async () => {
        const m = await member(t, inviter.id);
        await setLevel(t, m.id, LEVEL);
        return m;
      }),
    );
    return { inviter, members };
  }

  /** Batches (distinct transaction start times) the watches of these members were posted in. */
  async function batchesOf(members: Member[]) {
    const rows: { created_at: Date; n: number }[] = await t.db.query(
      `SELECT created_at, count(*)::int AS n FROM trailer_watches WHERE user_id = ANY($1::int[]) GROUP BY created_at`,
      [members.map((m) => m.id)],
    );
    return rows;
  }

  async function ledgerTransactionsOf(userId: number) {
    const [row] = await t.db.query(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE kind = 'reward' AND user_id = $1`,
      [userId],
    );
    return row.n as number;
  }

  it('pays many members watching in parallel exactly their rewards, in shared batches', async () => {
    const { inviter, members } = await team(12);
    const trailers = [11, 12, 13];
    const views = await Promise.all(
      members.flatMap((m) =>
        trailers.map(async (id) => ({ m, id, view: await viewFor(t, m, id, 11) })),
      ),
    );
    const answers = await Promise.all(views.map(({ m, id, view }) => watch(m, id, view)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.reward).toBe(REWARD);
    }
    // Each member's answers carry their own day: counts 1, 2 and 3 in some order.
    for (const m of members) {
      const mine = answers.filter((_, i) => views[i].m === m).map((r) => r.body.today.count);
      expect(mine.sort()).toEqual([1, 2, 3]);
      const last = answers.find((r, i) => views[i].m === m && r.body.today.count === 3)!;
      expect(last.body.today.amount).toBeCloseTo(3 * REWARD, 6);
      expect((await me(t, m)).money).toBeCloseTo(3 * REWARD, 6);
      expect(await ledgerTransactionsOf(m.id)).toBe(3);
    }
    expect((await me(t, inviter)).money).toBeCloseTo(36 * COMMISSION_1, 6);
    // 36 watches in far fewer transactions: they were batched.
    const batches = await batchesOf(members);
    expect(batches.reduce((sum, b) => sum + b.n, 0)).toBe(36);
    expect(batches.length).toBeLessThan(36 / 2);
  });

  it('pays a watch sent twice at once once, and neither a duplicate nor a quota refusal fails the rest of its batch', async () => {
    const { inviter, members } = await team(8);
    const [twice, full, ...others] = members;
    // `full` has 9 of its 10 trailers counted: of its next three, one pays.
    for (let id = 1; id <= QUOTA - 1; id++) {
      const res = await watch(full, id, await viewFor(t, full, id, 11));
      expect(res.status).toBe(200);
    }
    const twiceView = await viewFor(t, twice, 10, 11);
    const fullViews = await Promise.all([12, 13, 14].map((id) => viewFor(t, full, id, 11)));
    const otherViews = await Promise.all(others.map((m) => viewFor(t, m, 10, 11)));
    const [first, second, ...rest] = await Promise.all([
      watch(twice, 10, twiceView),
      watch(twice, 10, twiceView),
      ...fullViews.map((view, i) => watch(full, 12 + i, view)),
      ...others.map((m, i) => watch(m, 10, otherViews[i])),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    expect([first, second].find((r) => r.status === 400)!.body.code).toBe('ALREADY_WATCHED');
    const fullAnswers = rest.slice(0, 3);
    expect(fullAnswers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    for (const r of fullAnswers.filter((a) => a.status === 400))
      expect(r.body.code).toBe('DAILY_QUOTA_REACHED');
    for (const r of rest.slice(3)) expect(r.status).toBe(200);

    expect((await me(t, twice)).money).toBeCloseTo(REWARD, 6);
    expect(await ledgerTransactionsOf(twice.id)).toBe(1);
    expect((await me(t, full)).money).toBeCloseTo(QUOTA * REWARD, 6);
    expect(await ledgerTransactionsOf(full.id)).toBe(QUOTA);
    for (const m of others) expect((await me(t, m)).money).toBeCloseTo(REWARD, 6);
    const paid = 1 + QUOTA + others.length;
    expect((await me(t, inviter)).money).toBeCloseTo(paid * COMMISSION_1, 6);
    // The refused ones shared a batch with those that paid.
    const [together] = await t.db.query(
      `SELECT count(*)::int AS n FROM trailer_watches WHERE user_id = ANY($1::int[]) AND created_at =
         (SELECT created_at FROM trailer_watches WHERE user_id = $2 AND trailer_id = 10)`,
      [members.map((m) => m.id), twice.id],
    );
    expect(together.n).toBeGreaterThan(1);
  });

  it('fails every watch of a batch whose commit is lost, writes nothing of it, and pays each once when sent again', async () => {
    const { inviter, members } = await team(6);
    const views = await Promise.all(members.map((m) => viewFor(t, m, 14, 11)));
    // The batch's connection is cut while its postings run: each watch row
    // sleeps 0.3 s (a trigger of this test's), and the backend that holds
    // the batch's transaction open is terminated.
    await t.db.query(`CREATE OR REPLACE FUNCTION group_commit_test_slow() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.3); RETURN NULL; END $$`);
    await t.db.query(`CREATE TRIGGER group_commit_test_slow AFTER INSERT ON trailer_watches
      FOR EACH ROW WHEN (NEW.trailer_id = 14) EXECUTE FUNCTION group_commit_test_slow()`);
    let answers;
    try {
      let done = false;
      const sent = Promise.all(members.map((m, i) => watch(m, 14, views[i]))).finally(
        () => (done = true),
      );
      let killed = 0;
      while (!done) {
        killed += await killSleepers(t);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      answers = await sent;
      expect(killed).toBeGreaterThan(0);
    } finally {
      await t.db.query(`DROP TRIGGER group_commit_test_slow ON trailer_watches`);
      await t.db.query(`DROP FUNCTION group_commit_test_slow()`);
    }
    for (const res of answers) expect(res.status).toBe(503);
    for (const m of members) {
      expect((await me(t, m)).money).toBe(0);
      expect(await ledgerTransactionsOf(m.id)).toBe(0);
    }
    // Sent again with the same views: each pays once, and a third time is refused.
    for (const [i, m] of members.entries()) {
      const again = await watch(m, 14, views[i]);
      expect(again.status).toBe(200);
      expect(again.body.today).toEqual({ amount: REWARD, count: 1 });
      expect((await watch(m, 14, views[i])).body.code).toBe('ALREADY_WATCHED');
      expect((await me(t, m)).money).toBeCloseTo(REWARD, 6);
      expect(await ledgerTransactionsOf(m.id)).toBe(1);
    }
    expect((await me(t, inviter)).money).toBeCloseTo(members.length * COMMISSION_1, 6);
  });
});

/** Terminates the backends sleeping in the test's trigger (the batches'); how many. */
async function killSleepers(t: TestApp): Promise<number> {
  const rows: { killed: boolean }[] = await t.db.query(
    `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event = 'PgSleep' AND pid <> pg_backend_pid()`,
  );
  return rows.filter((r) => r.killed).length;
}
