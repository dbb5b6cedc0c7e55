import type { Member, TestApp } from './harness';

/** A TRON address outside the club: where test withdrawals go. */
export const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

/** A one-pixel PNG: a receipt or a document photo. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A member's withdrawal to OUTSIDE through the API; its id (the operators' queue names it). */
export async function requestWithdrawal(t: TestApp, m: Member, amount: number): Promise<string> {
  const res = await t.http().post('/balance/take').set(m.auth).send({ wallet: OUTSIDE, amount });
  if (res.status !== 200)
    throw new Error(`withdrawal failed: ${res.status} ${JSON.stringify(res.body)}`);
  const [row] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [res.body.id]);
  return row.id;
}

/** A member's card deposit of 1 USD with a receipt; its id in the review queue. */
export async function requestCardDeposit(
  t: TestApp,
  m: Member,
  reviewer: Record<string, string>,
): Promise<number> {
  const sent = await t
    .http()
    .post('/card/deposits')
    .set(m.auth)
    .field('currency', 'USD')
    .field('amount', '1')
    .attach('receipt', PNG, 'receipt.png');
  if (sent.status !== 200)
    throw new Error(`card deposit failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const queue = (await t.http().get('/admin/card_deposits?status=under_review').set(reviewer)).body;
  return queue.find((c: { record_id: number }) => c.record_id === sent.body.id).id;
}
