import {
  Member,
  TestApp,
  adjust,
  coSigner,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
} from '../support/harness';

// An outside wallet to withdraw to (any valid address that is not ours).
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

type Row = {
  id: number;
  status: string;
  reason: string | null;
  failure: string | null;
  cancellable: boolean;
  wallet: string | null;
};

/**
 * Contract section 11: a member cancels their own withdrawal while no
 * operator has approved it, and gets the whole amount back in one ledger
 * transaction; after any approval (even the first of two) it is the
 * operators' to decide.
 */
describe('POST /balance/take/{id}/cancel: the member takes back an unapproved withdrawal', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let second: Record<string, string>;

  beforeAll(async () => {
    // Above 100 USDT a day, two operators approve.
    t = await startApp({ WITHDRAWAL_APPROVAL_THRESHOLD: '100' });
    admin = await operator(t);
    second = await coSigner(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
  });

  async function funded(money: number) {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, money);
    return m;
  }
  const take = async (m: Member, amount: number) => {
    const res = await t.http().post('/balance/take').set(m.auth).send({ wallet: OUTSIDE, amount });
    expect(res.status).toBe(200);
    return res.body.id as number;
  };
  const cancel = (m: Member, recordId: number) =>
    t.http().post(`/balance/take/${recordId}/cancel`).set(m.auth);
  const recordOf = async (m: Member, recordId: number): Promise<Row> =>
    ((await t.http().get('/balance').set(m.auth)).body as Row[]).find((r) => r.id === recordId)!;
  const withdrawalOf = async (recordId: number) =>
    (
      await t.db.query(`SELECT id, status FROM withdrawals WHERE record_id = $1`, [recordId])
    )[0] as { id: string; status: string };

  it('gives the whole amount back in one ledger transaction and ends the record cancelled', async () => {
    const m = await funded(50);
    const recordId = await take(m, 20);
    expect(await recordOf(m, recordId)).toMatchObject({
      status: 'under_review',
      cancellable: true,
      wallet: OUTSIDE,
    });
    expect((await me(t, m)).money).toBe(30);

    const res = await cancel(m, recordId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: recordId,
      type: 'withdrawal',
      status: 'fail',
      reason: 'cancelled',
      failure: 'cancelled',
      cancellable: false,
      amount: 20,
      wallet: OUTSIDE,
    });
    expect((await me(t, m)).money).toBe(50);
    const w = await withdrawalOf(recordId);
    expect(w.status).toBe('cancelled');
    // One ledger transaction moves it back, all of it.
    const postings = await t.db.query(
      `SELECT t.id, t.kind, p.amount FROM ledger_transactions t
       JOIN ledger_postings p ON p.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = p.account_id
       WHERE t.idempotency_key = $1 AND a.user_id = $2`,
      [`withdrawal:${w.id}:refund`, m.id],
    );
    expect(postings).toEqual([
      { id: expect.any(String), kind: 'withdrawal_refund', amount: '20000000' },
    ]);
    // Audited as the member's own act.
    const [audit] = await t.db.query(
      `SELECT actor_id, action FROM audit_log WHERE action = 'withdrawal.cancel' AND target_user_id = $1`,
      [m.id],
    );
    expect(audit).toEqual({ actor_id: m.id, action: 'withdrawal.cancel' });

    // Again: the same record, no second refund.
    const again = await cancel(m, recordId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'fail', reason: 'cancelled' });
    expect((await me(t, m)).money).toBe(50);
    // Gone from the operators' hands.
    const approve = await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin);
    expect(approve.status).toBe(409);
    expect(approve.body.code).toBe('WITHDRAWAL_STATE_CONFLICT');
  });

  it('refuses once any operator approved it, even the first of two: 409 WITHDRAWAL_ALREADY_APPROVED', async () => {
    const m = await funded(400);
    const big = await take(m, 150);
    const small = await take(m, 10);
    const bigId = (await withdrawalOf(big)).id;
    // The first of two approvals: it still waits, but it is the operators' now.
    const first = await t.http().post(`/admin/withdrawals/${bigId}/approve`).set(admin);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'requested', awaiting_second_approval: true });
    expect(await recordOf(m, big)).toMatchObject({ status: 'under_review', cancellable: false });
    const refused = await cancel(m, big);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('WITHDRAWAL_ALREADY_APPROVED');

    // Fully approved: the same answer, and the money stays on its way.
    await t.http().post(`/admin/withdrawals/${bigId}/approve`).set(second).expect(200);
    expect((await withdrawalOf(big)).status).toBe('approved');
    expect((await cancel(m, big)).body.code).toBe('WITHDRAWAL_ALREADY_APPROVED');
    // An operator's refusal reads as refused, not failed.
    const smallId = (await withdrawalOf(small)).id;
    await t
      .http()
      .post(`/admin/withdrawals/${smallId}/reject`)
      .set(admin)
      .send({ reason: 'address on a sanctions list' })
      .expect(200);
    expect(await recordOf(m, small)).toMatchObject({
      status: 'fail',
      failure: 'refused',
      reason: 'address on a sanctions list',
      cancellable: false,
    });
    expect((await cancel(m, small)).body.code).toBe('WITHDRAWAL_STATE_CONFLICT');
    expect((await me(t, m)).money).toBe(250);
  });

  it("answers 404 for another member's withdrawal and for a record that is not a withdrawal", async () => {
    const owner = await funded(50);
    const other = await funded(10);
    const recordId = await take(owner, 20);
    const res = await cancel(other, recordId);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    const credit = ((await t.http().get('/balance').set(other.auth)).body as Row[])[0];
    expect((await cancel(other, credit.id)).status).toBe(404);
    expect((await cancel(owner, 0)).status).toBe(422);
    expect((await t.http().post(`/balance/take/${recordId}/cancel`)).status).toBe(401);
    expect((await withdrawalOf(recordId)).status).toBe('requested');
  });

  it('lets exactly one of a cancel and an approval that race win', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await funded(30);
      const recordId = await take(m, 20);
      const id = (await withdrawalOf(recordId)).id;
      const [cancelled, approved] = await Promise.all([
        cancel(m, recordId),
        t.http().post(`/admin/withdrawals/${id}/approve`).set(admin),
      ]);
      const status = (await withdrawalOf(recordId)).status;
      if (status === 'cancelled') {
        expect(cancelled.status).toBe(200);
        expect(approved.status).toBe(409);
        expect((await me(t, m)).money).toBe(30);
      } else {
        expect(status).toBe('approved');
        expect(approved.status).toBe(200);
        expect(cancelled.body.code).toBe('WITHDRAWAL_ALREADY_APPROVED');
        expect((await me(t, m)).money).toBe(10);
      }
    }
  });
});
