import { Member, TestApp, member, setLevel, startApp } from '../support/harness';
import { moneyStaff, staffMember } from '../support/staff';

const USDT = 1_000_000;

/**
 * An operator closes a reconciler item once its difference is settled outside
 * the deposit books (POST /admin/deposits/gaps/{id}/resolve): admins and
 * finance only, with a note, audited, never for their own team or in their
 * cooling off; the open count on the console's Money tab drops with it.
 */
describe('resolving a reconciler item', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let finance: Member;
  let support: Member;
  let demote: () => Promise<void>;

  beforeAll(async () => {
    t = await startApp();
    ({ admin, finance, support, demote } = await moneyStaff(t));
  });
  afterAll(async () => {
    await demote();
    await t.close();
  });

  /** An open item as the reconciler writes it: 25 USDT reached the address, nothing credited. */
  async function openGap(userId: number): Promise<number> {
    const address = `T${String(userId).padStart(8, '0')}${'x'.repeat(25)}`;
    const [row] = await t.db.query(
      `INSERT INTO deposit_gaps (user_id, address, chain_in_micro, credited_micro, chain_out_micro, swept_micro, as_of_block)
       VALUES ($1, $2, $3, 0, 0, 0, 120) RETURNING id`,
      [userId, address, 25 * USDT],
    );
    return Number(row.id);
  }
  const statusOf = async (id: number) =>
    (await t.db.query(`SELECT status FROM deposit_gaps WHERE id = $1`, [id]))[0].status as string;
  const auditsOf = (id: number) =>
    t.db.query(
      `SELECT actor_id, target_user_id, details FROM audit_log
       WHERE action = 'deposit.gap.resolve' AND (details->>'gap_id')::int = $1`,
      [id],
    ) as Promise<{ actor_id: number; target_user_id: number; details: Record<string, unknown> }[]>;
  const resolve = (id: number | string, auth: Record<string, string>, body: object) =>
    t.http().post(`/admin/deposits/gaps/${id}/resolve`).set(auth).send(body);
  const openCount = async (auth: Record<string, string>) =>
    (await t.http().get('/admin/queues').set(auth).expect(200)).body.deposit_gaps as number | null;

  it('resolves an open item with a note: the item says who and why, the audit log has it, the count drops', async () => {
    const m = await member(t);
    const id = await openGap(m.id);
    const before = await openCount(finance.auth);
    expect(before).toBeGreaterThanOrEqual(1);
    // Support works people, not money: no count, no list, no resolution.
    expect(await openCount(support.auth)).toBeNull();

    const note = 'Credited by adjustment after checking tronscan';
    const res = await resolve(id, finance.auth, { note }).expect(200);
    expect(res.body).toMatchObject({
      id,
      user_id: m.id,
      chain_in: 25,
      credited: 0,
      status: 'resolved',
      resolved_by: finance.id,
      note,
    });
    expect(res.body.closed_at).toEqual(expect.any(String));
    expect(await openCount(finance.auth)).toBe(before! - 1);

    const [audit, ...more] = await auditsOf(id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor_id: finance.id,
      target_user_id: m.id,
      details: { gap_id: id, chain_in: 25, credited: 0, note },
    });

    const resolved = (
      await t.http().get('/admin/deposits/gaps?status=resolved').set(admin).expect(200)
    ).body as { id: number }[];
    expect(resolved.map((g) => g.id)).toContain(id);
    const open = (await t.http().get('/admin/deposits/gaps?status=open').set(admin).expect(200))
      .body as { id: number }[];
    expect(open.map((g) => g.id)).not.toContain(id);

    // Once only: a second resolution is refused and writes nothing.
    const again = await resolve(id, admin, { note: 'Again' }).expect(409);
    expect(again.body).toEqual({
      detail: 'This reconciler item is no longer open',
      code: 'DEPOSIT_GAP_NOT_OPEN',
    });
    expect(await auditsOf(id)).toHaveLength(1);
  });

  it('refuses roles that do not work money, and members', async () => {
    const m = await member(t);
    const id = await openGap(m.id);
    for (const auth of [support.auth, m.auth]) {
      const res = await resolve(id, auth, { note: 'Not mine to close' }).expect(403);
      expect(res.body).toEqual({ detail: expect.any(String), code: 'FORBIDDEN' });
    }
    expect(await statusOf(id)).toBe('open');
    expect(await auditsOf(id)).toEqual([]);
  });

  it.each([
    ['no note', {}],
    ['a blank note', { note: '    ' }],
    ['a note too short', { note: 'ok' }],
    ['a note too long', { note: 'x'.repeat(501) }],
    ['a note that is not text', { note: 42 }],
  ])('answers 422 with {detail, code} naming the note to %s', async (_what, body) => {
    const m = await member(t);
    const id = await openGap(m.id);
    const res = await resolve(id, admin, body).expect(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'note'] }));
    expect(await statusOf(id)).toBe('open');
  });

  it('answers 404 to an unknown item and 422 to an id that is not one', async () => {
    const missing = await resolve(2_000_000_000, admin, { note: 'Nothing there' }).expect(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', detail: expect.any(String) });
    const malformed = await resolve('abc', admin, { note: 'Nothing there' }).expect(422);
    expect(malformed.body.code).toBe('VALIDATION_ERROR');
  });

  it("refuses an operator the item's member is in the team or upline of, and the operator's own", async () => {
    await setLevel(t, finance.id, 1); // VIP 1 and above invite
    const invited = await member(t, finance.id);
    for (const userId of [invited.id, finance.id]) {
      const id = await openGap(userId);
      const res = await resolve(id, finance.auth, { note: 'Settled by hand' }).expect(403);
      expect(res.body).toMatchObject({
        code: 'SELF_DEALING_FORBIDDEN',
        detail: expect.any(String),
      });
      expect(await statusOf(id)).toBe('open');
      expect(await auditsOf(id)).toEqual([]);
    }
  });

  it('refuses an operator in their cooling off', async () => {
    const fresh = await staffMember(t, 'finance');
    await t.db.query(`UPDATE users SET role_granted_at = now() WHERE id = $1`, [fresh.id]);
    const m = await member(t);
    const id = await openGap(m.id);
    const res = await resolve(id, fresh.auth, { note: 'Settled by hand' }).expect(403);
    expect(res.body).toMatchObject({ code: 'OPERATOR_COOLING_OFF', detail: expect.any(String) });
    expect(await statusOf(id)).toBe('open');
    expect(await auditsOf(id)).toEqual([]);
  });
});
