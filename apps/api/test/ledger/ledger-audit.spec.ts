import { separateDatabase } from '../support/database';
import { TestApp, adjust, member, operator, setLevel, startApp, viewFor } from '../support/harness';
import { SOUND_LEDGER_REPORT } from '../support/ledger-report';
import { LedgerAuditService } from '../../src/modules/ledger/ledger-audit.service';
import { UsersService } from '../../src/modules/users/users.service';

/**
 * The incremental ledger audit (issue 27): a checkpoint summed by the worker,
 * reports that check only what came after it, daily figures from rollups, and
 * a full audit that re-checks everything. Each suite breaks the ledger, so
 * each runs on a database of its own.
 */
describe('ledger audit', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let audit: LedgerAuditService;

  const report = async () => {
    const res = await t.http().get('/admin/reports/ledger').set(admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  const dashboard = async (days = 7) => {
    const res = await t.http().get(`/admin/dashboard?days=${days}`).set(admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** The checkpoint moved over everything written so far. */
  const advanceAll = async () => {
    while (await audit.advance(1000));
  };
  /** A transaction of the given postings written past ledger_post's gate, as tampering would. */
  const forge = async (
    key: string,
    postings: { account: string; contra: string; amount: number }[],
  ) =>
    t.db.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      const [tx] = await m.query(
        `INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint) VALUES ($1, 'forged', repeat('0', 64)) RETURNING id`,
        [key],
      );
      for (const p of postings)
        await m.query(
          `INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount) VALUES ($1, $2, $3, $4)`,
          [tx.id, p.account, p.contra, p.amount],
        );
      return tx.id as string;
    });
  const systemAccount = async (kind: string) =>
    (
      await t.db.query(`SELECT id::text FROM ledger_accounts WHERE user_id IS NULL AND kind = $1`, [
        kind,
      ])
    )[0].id as string;

  describe('on a sound ledger', () => {
    beforeAll(async () => {
      t = await startApp({ DATABASE_URL: await separateDatabase('audit_sound') });
      admin = await operator(t);
      audit = t.app.get(LedgerAuditService);
    });
    afterAll(() => t.close());

    it('reads the same figures before and after the checkpoint moves, and the full audit agrees', async () => {
      const members = [await member(t), await member(t), await member(t)];
      for (const [i, m] of members.entries()) {
        await adjust(t, admin, m.id, 10 + i);
        await adjust(t, admin, m.id, 2, 'points');
      }
      await adjust(t, admin, members[0].id, -3);
      const { checkpoint: start, solvency: _s0, ...before } = await report();
      expect(before).toMatchObject(SOUND_LEDGER_REPORT);
      expect(start.posting_id).toBe(0);
      const flowsBefore = await dashboard();

      await advanceAll();
      const { checkpoint: moved, solvency: _s1, ...after } = await report();
      expect(moved.posting_id).toBe(before.postings);
      expect(after).toEqual(before);
      expect((await dashboard()).days).toEqual(flowsBefore.days);

      // Half after the checkpoint, half before: still the same sums.
      await adjust(t, admin, members[1].id, 5);
      const mixed = await report();
      expect(mixed).toMatchObject({ ...SOUND_LEDGER_REPORT, postings: before.postings + 2 });
      const adjustments = (r: { totals: { kind: string; owner: string; total: number }[] }) =>
        r.totals.find((x) => x.kind === 'adjustments' && x.owner === 'system')!.total;
      expect(adjustments(mixed)).toBe(adjustments(before) - 5);
      const today = (await dashboard()).days.at(-1);
      expect(today.day).toBe(new Date().toISOString().slice(0, 10));

      const full = await audit.fullAudit();
      expect(full).toMatchObject({
        balanced: true,
        consistent: true,
        checkpoint_mismatches: 0,
        rollup_mismatches: 0,
        postings: mixed.postings,
        transactions: mixed.transactions,
      });
      expect(full!.totals.map((x) => ({ ...x, total: Number(x.total) / 1e6 }))).toEqual(
        expect.arrayContaining(mixed.totals.filter((x: { total: number }) => x.total !== 0)),
      );
      expect((await report()).last_full_audit).toMatchObject({
        balanced: true,
        consistent: true,
        started_at: full!.started_at,
      });
    });

    it('never counts a posting twice or misses one while members are paid at the same time', async () => {
      const members = [await member(t), await member(t), await member(t), await member(t)];
      let writing = true;
      const checkpoints = (async () => {
        // Small steps, many of them, each racing the payments.
        while (writing)
          if (!(await audit.advance(1000))) await new Promise((r) => setTimeout(r, 5));
      })();
      await Promise.all(
        members.map(async (m) => {
          for (let i = 0; i < 15; i++) await adjust(t, admin, m.id, 1);
        }),
      );
      writing = false;
      await checkpoints;
      await advanceAll();
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM ledger_postings`);
      const r = await report();
      expect(r).toMatchObject({ ...SOUND_LEDGER_REPORT, postings: n });
      expect(r.checkpoint.posting_id).toBeGreaterThan(0);
      expect(await audit.fullAudit()).toMatchObject({
        balanced: true,
        consistent: true,
        checkpoint_mismatches: 0,
        rollup_mismatches: 0,
      });
    });

    it("counts members joined per day live until the worker keeps a closed day; the dashboard's GET writes nothing", async () => {
      const day = (back: number) =>
        new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
      let phones = 0;
      const joined = (back: number, n: number) =>
        t.db.query(
          `INSERT INTO users (phone, password_hash, created_at)
           SELECT '+99873' || lpad(($3::int + g)::text, 6, '0'), 'x', now() - make_interval(days => $1::int)
           FROM generate_series(1, $2) g`,
          [back, n, (phones += 100)],
        );
      const kept = () =>
        t.db.query(
          `SELECT to_char(day, 'YYYY-MM-DD') AS day, count FROM users_daily_signups WHERE count > 0`,
        );
      await joined(20, 4);
      await joined(1, 2);
      const first = (await dashboard(30)).days as { day: string; new_members: number }[];
      const of = (days: typeof first, back: number) => days.find((d) => d.day === day(back))!;
      expect(of(first, 20)).toMatchObject({ new_members: 4 });
      expect(of(first, 1)).toMatchObject({ new_members: 2 });
      // A GET may run on a replica: it counted the closed day without keeping it.
      expect(await kept()).toEqual([]);

      // The worker keeps closed days (two and more back) only.
      expect(await t.app.get(UsersService).keepClosedSignups()).toBe(90 - 2);
      expect(await kept()).toEqual([{ day: day(20), count: 4 }]);
      expect(await t.app.get(UsersService).keepClosedSignups()).toBe(0);
      // A closed day is read from its kept figure (a member backdated into it
      // is not counted: closed days cannot change); the last two days are counted live.
      await joined(20, 1);
      await joined(1, 1);
      const second = (await dashboard(30)).days as typeof first;
      expect(of(second, 20)).toMatchObject({ new_members: 4 });
      expect(of(second, 1)).toMatchObject({ new_members: 3 });
    });

    it("counts today's active members as watches happen: once per member, exact against watch_days", async () => {
      const activeToday = async () =>
        ((await dashboard(7)).days as { day: string; active_members: number }[]).find(
          (d) => d.day === new Date().toISOString().slice(0, 10),
        )?.active_members ?? 0;
      const before = await activeToday();
      const watchers = [await member(t), await member(t), await member(t)];
      for (const m of watchers) {
        await setLevel(t, m.id, 9);
        for (const trailer of [1, 2]) {
          const view = await viewFor(t, m, trailer, 30);
          expect(
            (await t.http().post(`/trailers/${trailer}/watch`).set(m.auth).send(view)).status,
          ).toBe(200);
        }
      }
      // A second trailer of the day does not count the member again.
      expect(await activeToday()).toBe(before + 3);
      // The kept figure is what counting the day's watch_days would say.
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM watch_days WHERE watch_day = (now() AT TIME ZONE 'UTC')::date AND count > 0`,
      );
      expect(await activeToday()).toBe(n);
      // Spread over rows by member id (no single hot row for the first watches of the day).
      const [{ rows }] = await t.db.query(
        `SELECT count(*)::int AS rows FROM watch_daily_active WHERE day = (now() AT TIME ZONE 'UTC')::date`,
      );
      expect(rows).toBeGreaterThan(1);
    });
  });

  describe('on a broken ledger', () => {
    beforeAll(async () => {
      t = await startApp({ DATABASE_URL: await separateDatabase('audit_broken') });
      admin = await operator(t);
      audit = t.app.get(LedgerAuditService);
    });
    afterAll(() => t.close());

    /** The incremental report, the same after the checkpoint moved over the damage, and the full audit. */
    const everyAudit = async () => {
      const fresh = await report();
      await advanceAll();
      const summed = await report();
      const full = await audit.fullAudit();
      return { fresh, summed, full: full! };
    };
    const problems = (r: {
      unbalanced_transactions: number;
      mismatched_accounts: number;
      mismatched_earnings: number;
      negative_member_accounts: number;
    }) => ({
      unbalanced_transactions: r.unbalanced_transactions,
      mismatched_accounts: r.mismatched_accounts,
      mismatched_earnings: r.mismatched_earnings,
      negative_member_accounts: r.negative_member_accounts,
    });
    const expectEveryAudit = async (expected: Record<string, number | boolean>) => {
      const { fresh, summed, full } = await everyAudit();
      for (const r of [fresh, summed, full]) expect(r).toMatchObject(expected);
      expect(problems(summed)).toEqual(problems(fresh));
      expect(problems(full)).toEqual(problems(fresh));
      return { fresh, summed, full };
    };

    it('reports each broken invariant in the incremental and the full audit', async () => {
      const a = await member(t);
      const b = await member(t);
      await adjust(t, admin, a.id, 10);
      await adjust(t, admin, b.id, 10);
      await advanceAll();
      await expectEveryAudit({ ...SOUND_LEDGER_REPORT });

      // A transaction whose postings do not balance.
      const fees = await systemAccount('fees');
      const rewards = await systemAccount('rewards');
      await forge('forged-unbalanced', [{ account: fees, contra: rewards, amount: 7 }]);
      await expectEveryAudit({ balanced: false, unbalanced_transactions: 1 });

      // A transaction without postings.
      await forge('forged-empty', []);
      await expectEveryAudit({ balanced: false, unbalanced_transactions: 2 });

      // Postings, balanced, of a transaction that does not exist (no foreign key refuses them).
      await t.db.query(
        `SET session_replication_role = replica;
         INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount)
         VALUES (9000000000000000, ${fees}, ${rewards}, -3), (9000000000000000, ${rewards}, ${fees}, 3);
         SET session_replication_role = origin`,
      );
      await expectEveryAudit({ balanced: false, unbalanced_transactions: 3 });
      expect(
        await t.db.query(
          `SELECT DISTINCT problem FROM ledger_audit_findings WHERE subject = 'transaction' AND subject_id = 9000000000000000`,
        ),
      ).toEqual([{ problem: 'missing' }]);

      // A cached balance off by one micro-USDT, on an account that just moved.
      await adjust(t, admin, a.id, 1);
      await t.db.query(
        `UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = $1 AND kind = 'money'`,
        [a.id],
      );
      await expectEveryAudit({ consistent: false, mismatched_accounts: 1 });

      // Cached earnings that no posting explains.
      await adjust(t, admin, b.id, 1);
      await t.db.query(
        `UPDATE ledger_accounts SET earned_rewards = earned_rewards + 1 WHERE user_id = $1 AND kind = 'money'`,
        [b.id],
      );
      await expectEveryAudit({ consistent: false, mismatched_accounts: 1, mismatched_earnings: 1 });

      // A negative member balance (the table's own check dropped first).
      const c = await member(t);
      await adjust(t, admin, c.id, 1);
      await t.db.query(
        `ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_member_non_negative`,
      );
      await t.db.query(
        `UPDATE ledger_accounts SET balance = -5 WHERE user_id = $1 AND kind = 'money'`,
        [c.id],
      );
      await expectEveryAudit({
        consistent: false,
        mismatched_accounts: 2,
        negative_member_accounts: 1,
      });
    });

    it('keeps reporting what the full audit found on accounts the checkpoint had passed', async () => {
      const d = await member(t);
      await adjust(t, admin, d.id, 4);
      await advanceAll();
      const known = (await report()).mismatched_accounts;
      await t.db.query(
        `UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = $1 AND kind = 'money'`,
        [d.id],
      );
      // Nothing moved on that account since the checkpoint: only the full
      // audit looks at it, and from then on every report shows it.
      expect((await audit.fullAudit())!.mismatched_accounts).toBe(known + 1);
      expect((await report()).mismatched_accounts).toBe(known + 1);
    });

    it('catches checkpoint sums and daily rollups that no longer match the postings', async () => {
      await t.db.query(
        `UPDATE ledger_daily_rollups SET amount = amount + 1
         WHERE (day, transaction_kind, account_kind, system, detail) IN (SELECT day, transaction_kind, account_kind, system, detail FROM ledger_daily_rollups LIMIT 1)`,
      );
      await t.db.query(
        `UPDATE ledger_checkpoint_accounts SET balance = balance + 1
         WHERE account_id = (SELECT min(account_id) FROM ledger_checkpoint_accounts)`,
      );
      expect(await audit.fullAudit()).toMatchObject({
        consistent: false,
        rollup_mismatches: 1,
        checkpoint_mismatches: 1,
      });
      expect((await report()).last_full_audit).toMatchObject({
        consistent: false,
        rollup_mismatches: 1,
        checkpoint_mismatches: 1,
      });
    });
  });
});
