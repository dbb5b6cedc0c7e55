import { randomBytes } from 'node:crypto';
import { Member, TestApp, member, setLevel, startApp } from '../support/harness';
import { moneyStaff, staffMember } from '../support/staff';

const USDT = 1_000_000;
const FROM = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

/**
 * An operator dismisses a held deposit no second node will confirm
 * (POST /admin/deposits/held/{id}/dismiss): admins and finance only, with a
 * note, audited, never for their own team or in their cooling off; every
 * held log of the transaction goes, nothing is credited, the count drops.
 */
describe('dismissing a held deposit', () => {
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

  /** A transaction's USDT logs to the member, held as the scanner holds them; their ids. */
  async function hold(userId: number, amounts: number[]): Promise<number[]> {
    const txId = randomBytes(32).toString('hex');
    const ids: number[] = [];
    for (const [logIndex, amount] of amounts.entries()) {
      const [row] = await t.db.query(
        `INSERT INTO held_deposits (tx_id, log_index, user_id, from_address, to_address, amount_micro, block_number, reason)
         VALUES ($1, $2, $3, $4, $4, $5, 120, 'no second node confirmed the receipt: 10.0.0.2 does not know the transaction')
         RETURNING id`,
        [txId, logIndex, userId, FROM, amount * USDT],
      );
      ids.push(Number(row.id));
    }
    return ids;
  }
  const statusOf = async (id: number) =>
    (await t.db.query(`SELECT status FROM held_deposits WHERE id = $1`, [id]))[0].status as string;
  const auditsOf = (id: number) =>
    t.db.query(
      `SELECT actor_id, target_user_id, details FROM audit_log
       WHERE action = 'deposit.held.dismiss' AND details->'held_ids' @> to_jsonb($1::int)`,
      [id],
    ) as Promise<{ actor_id: number; target_user_id: number; details: Record<string, unknown> }[]>;
  const dismiss = (id: number | string, auth: Record<string, string>, body: object) =>
    t.http().post(`/admin/deposits/held/${id}/dismiss`).set(auth).send(body);
  const heldCount = async (auth: Record<string, string>) =>
    (await t.http().get('/admin/queues').set(auth).expect(200)).body.held_deposits as number | null;

  it('dismisses every held log of the transaction with a note: audited, nothing credited, the count drops', async () => {
    const m = await member(t);
    const [first, second] = await hold(m.id, [3000, 2000]);
    const before = await heldCount(finance.auth);
    expect(before).toBeGreaterThanOrEqual(2);

    const note = 'Not on tronscan: node 10.0.0.1 made it up and was taken out';
    const res = await dismiss(second, finance.auth, { note }).expect(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id: second, amount: 2000, status: 'dismissed', note }),
      expect.objectContaining({ id: first, amount: 3000, status: 'dismissed', note }),
    ]);
    expect(res.body[0]).toMatchObject({
      dismissed_by: finance.id,
      dismissed_at: expect.any(String),
    });
    expect(await heldCount(finance.auth)).toBe(before! - 2);
    expect((await t.http().get('/users/me').set(m.auth)).body.money).toBe(0);

    const [audit, ...more] = await auditsOf(first);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actor_id: finance.id,
      target_user_id: m.id,
      details: { held_ids: [second, first], amount: 5000, note },
    });
    const dismissed = (
      await t.http().get('/admin/deposits/held?status=dismissed').set(admin).expect(200)
    ).body as { id: number }[];
    expect(dismissed.map((h) => h.id)).toEqual(expect.arrayContaining([first, second]));

    // Once only.
    const again = await dismiss(first, admin, { note: 'Again' }).expect(409);
    expect(again.body).toEqual({
      detail: 'This deposit is no longer held',
      code: 'HELD_DEPOSIT_NOT_HELD',
    });
    expect(await auditsOf(first)).toHaveLength(1);
  });

  it('refuses support and members, bad notes, unknown ids', async () => {
    const m = await member(t);
    const [id] = await hold(m.id, [1500]);
    for (const auth of [support.auth, m.auth]) {
      const res = await dismiss(id, auth, { note: 'Not mine to close' }).expect(403);
      expect(res.body).toEqual({ detail: expect.any(String), code: 'FORBIDDEN' });
    }
    for (const body of [{}, { note: '   ' }, { note: 'x'.repeat(501) }]) {
      const res = await dismiss(id, admin, body).expect(422);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'note'] }));
    }
    const missing = await dismiss(2_000_000_000, admin, { note: 'Nothing there' }).expect(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', detail: expect.any(String) });
    expect(await statusOf(id)).toBe('held');
    expect(await auditsOf(id)).toEqual([]);
  });

  it('refuses an operator of the member’s team or upline, and one in their cooling off', async () => {
    await setLevel(t, finance.id, 1); // VIP 1 and above invite
    const invited = await member(t, finance.id);
    const [mine] = await hold(invited.id, [1200]);
    const own = await dismiss(mine, finance.auth, { note: 'Made up' }).expect(403);
    expect(own.body).toMatchObject({ code: 'SELF_DEALING_FORBIDDEN', detail: expect.any(String) });

    const fresh = await staffMember(t, 'finance');
    await t.db.query(`UPDATE users SET role_granted_at = now() WHERE id = $1`, [fresh.id]);
    const m = await member(t);
    const [id] = await hold(m.id, [1200]);
    const cooling = await dismiss(id, fresh.auth, { note: 'Made up' }).expect(403);
    expect(cooling.body).toMatchObject({
      code: 'OPERATOR_COOLING_OFF',
      detail: expect.any(String),
    });
    for (const held of [mine, id]) {
      expect(await statusOf(held)).toBe('held');
      expect(await auditsOf(held)).toEqual([]);
    }
  });
});
