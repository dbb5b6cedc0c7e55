import { separateDatabase } from '../support/database';
import { runBuilt } from '../support/built-process';
import { TestApp, adjust, member, operator, startApp } from '../support/harness';
import { SOUND_LEDGER_REPORT } from '../support/ledger-report';
import { LedgerAuditService } from '../../src/modules/ledger/ledger-audit.service';

/**
 * `pnpm ledger:rebuild-checkpoint`, the operator's way out when the
 * incremental audit's sums stopped matching the postings (a checkpoint could
 * once pass a writer's postings before they committed: checkpoint-writers.spec.ts).
 * The damage is made here as that race left it: two postings of one
 * transaction missing from the checkpoint's sums and rollups, every balance
 * equal to its postings. The built tool runs as a process on the test's database.
 */
describe('rebuilding the checkpoint sums', () => {
  let t: TestApp;
  let databaseUrl: string;
  let admin: Record<string, string>;
  let audit: LedgerAuditService;

  beforeAll(async () => {
    databaseUrl = await separateDatabase('checkpoint_rebuild');
    t = await startApp({ DATABASE_URL: databaseUrl });
    admin = await operator(t);
    audit = t.app.get(LedgerAuditService);
  });
  afterAll(() => t.close());

  const report = async () => {
    const res = await t.http().get('/admin/reports/ledger').set(admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  const tool = async () => {
    const run = runBuilt('tools/ledger-rebuild-checkpoint.js', { DATABASE_URL: databaseUrl });
    const { code } = await run.exited;
    return { code, output: run.output() };
  };
  /** What the rebuild must never touch: the postings and the cached balances. */
  const money = async () =>
    (
      await t.db.query(
        `SELECT (SELECT count(*) FROM ledger_postings)::int AS postings,
                (SELECT COALESCE(sum(amount), 0) FROM ledger_postings WHERE amount > 0)::text AS moved,
                (SELECT json_agg(json_build_object('id', id, 'balance', balance::text) ORDER BY id) FROM ledger_accounts) AS balances`,
      )
    )[0];

  it('finds nothing to rebuild on a sound ledger', async () => {
    const m = await member(t);
    await adjust(t, admin, m.id, 10);
    while (await audit.advance(1000));
    const { code, output } = await tool();
    expect(output).toContain('before: checkpoint mismatches 0, rollup mismatches 0');
    expect(output).toContain('nothing to rebuild');
    expect(code).toBe(0);
  });

  it("makes the checkpoint's sums and rollups again from the postings, touching no posting or balance", async () => {
    const members = [await member(t), await member(t)];
    for (const [i, m] of members.entries()) await adjust(t, admin, m.id, 20 + i);
    while (await audit.advance(1000));
    // One adjustment's two postings taken out of the sums, as if the checkpoint had passed them.
    const [last] = await t.db.query(
      `SELECT p.transaction_id FROM ledger_postings p ORDER BY p.id DESC LIMIT 1`,
    );
    await t.db.query(
      `UPDATE ledger_checkpoint_accounts k SET balance = k.balance - p.amount
       FROM ledger_postings p WHERE p.transaction_id = $1 AND k.account_id = p.account_id`,
      [last.transaction_id],
    );
    await t.db.query(
      `UPDATE ledger_daily_rollups SET amount = amount - 1, postings = postings - 1
       WHERE (day, transaction_kind, account_kind, system, detail) IN
         (SELECT day, transaction_kind, account_kind, system, detail FROM ledger_daily_rollups
          WHERE transaction_kind = 'adjustment' AND NOT system LIMIT 1)`,
    );
    // Nothing moves those accounts now, so only the full audit sees it (once it has, every report does).
    const broken = await audit.fullAudit();
    expect(broken).toMatchObject({ consistent: false, mismatched_accounts: 0 });
    expect(broken!.checkpoint_mismatches).toBeGreaterThanOrEqual(2);
    expect(broken!.rollup_mismatches).toBe(1);
    // The member's money account is one of the two: from the checkpoint, its balance looks wrong.
    await adjust(t, admin, members[1].id, 1);
    expect((await report()).consistent).toBe(false);
    while (await audit.advance(1000));
    const before = await money();

    const { code, output } = await tool();
    expect(output).toMatch(/before: checkpoint mismatches [1-9]\d*, rollup mismatches 1/);
    expect(output).toMatch(/rebuilt: checkpoint \d+ through posting \d+/);
    expect(output).toContain('after: checkpoint mismatches 0, rollup mismatches 0');
    expect(code).toBe(0);

    expect(await money()).toEqual(before);
    const full = await audit.fullAudit();
    expect(full).toMatchObject({
      balanced: true,
      consistent: true,
      checkpoint_mismatches: 0,
      rollup_mismatches: 0,
    });
    const { checkpoint, ...figures } = await report();
    expect(figures).toMatchObject(SOUND_LEDGER_REPORT);
    expect(checkpoint.posting_id).toBe(before.postings);
    // And the checkpoint moves on from the rebuilt sums as before.
    await adjust(t, admin, members[0].id, 3);
    while (await audit.advance(1000));
    expect(await report()).toMatchObject(SOUND_LEDGER_REPORT);
    expect(await audit.fullAudit()).toMatchObject({ consistent: true, checkpoint_mismatches: 0 });
  });
});
