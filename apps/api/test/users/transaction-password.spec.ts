import {
  TestApp,
  adjust,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
} from '../support/harness';
import { TEST_WALLET } from '../support/tron';

const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
const OTHER = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('transaction password and address book', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp({
      TRON_DEPOSIT_XPUB: TEST_WALLET.depositXpub,
      TRANSACTION_PASSWORD_MAX_FAILURES: '3',
      WITHDRAWAL_ADDRESS_BOOK_MAX: '2',
      // Settlement is the worker's; none runs here, so withdrawals stay requested.
    });
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
  });

  const setPassword = (m: { auth: Record<string, string> }, body: object) =>
    t.http().post('/users/transaction_password').set(m.auth).send(body);
  const take = (m: { auth: Record<string, string> }, body: object) =>
    t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 10, ...body });

  it('is asked for by withdrawals and address-book changes once set, and changes only with the old one', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 50);
    expect((await me(t, m)).has_transaction_password).toBe(false);
    // Without one, nothing is asked.
    expect((await take(m, {})).status).toBe(200);

    expect((await setPassword(m, { password: '12345' })).status).toBe(422);
    expect((await setPassword(m, { password: 'pay-123456' })).body).toEqual({ ok: true });
    expect((await me(t, m)).has_transaction_password).toBe(true);

    for (const body of [{}, { transaction_password: 'wrong-one' }]) {
      const res = await take(m, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INCORRECT_TRANSACTION_PASSWORD');
    }
    expect((await take(m, { transaction_password: 'pay-123456' })).status).toBe(200);
    expect((await me(t, m)).money).toBe(30);

    // Changing it needs the current one.
    expect((await setPassword(m, { password: 'new-pay-1' })).body.code).toBe(
      'INCORRECT_TRANSACTION_PASSWORD',
    );
    expect(
      (await setPassword(m, { password: 'new-pay-1', old_password: 'pay-123456' })).status,
    ).toBe(200);
    expect((await take(m, { transaction_password: 'pay-123456' })).body.code).toBe(
      'INCORRECT_TRANSACTION_PASSWORD',
    );
    expect((await take(m, { transaction_password: 'new-pay-1' })).status).toBe(200);
  });

  it('stops guessing after TRANSACTION_PASSWORD_MAX_FAILURES wrong ones, the right one included', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 20);
    await setPassword(m, { password: 'pay-123456' }).expect(200);
    for (let i = 0; i < 3; i++) {
      expect((await take(m, { transaction_password: `guess-${i}` })).status).toBe(400);
    }
    const locked = await take(m, { transaction_password: 'pay-123456' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(t, m)).money).toBe(20);
    // Another member is not affected.
    const other = await member(t);
    await setPassword(other, { password: 'pay-999999' }).expect(200);
    expect(
      (await setPassword(other, { password: 'x-123456', old_password: 'pay-999999' })).status,
    ).toBe(200);
  });

  it('keeps an address book: validated, not our own addresses, limited, guarded by the password', async () => {
    const m = await member(t);
    const book = () => t.http().get('/withdrawal_addresses').set(m.auth);
    expect((await book()).body).toEqual([]);
    const saved = await t
      .http()
      .post('/withdrawal_addresses')
      .set(m.auth)
      .send({ address: OUTSIDE, label: 'Exchange' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual([
      {
        id: expect.any(Number),
        address: OUTSIDE,
        label: 'Exchange',
        network: 'TRC20',
        // No address that sent anyone a transfer looks like it (issue 43's look-alikes).
        lookalike_of: null,
      },
    ]);
    // Saving again renames; a bad address is a 422; our own address is refused.
    await t
      .http()
      .post('/withdrawal_addresses')
      .set(m.auth)
      .send({ address: OUTSIDE, label: 'Main' })
      .expect(200);
    expect((await book()).body).toMatchObject([{ address: OUTSIDE, label: 'Main' }]);
    expect(
      (await t.http().post('/withdrawal_addresses').set(m.auth).send({ address: 'Tnope' })).status,
    ).toBe(422);
    const own = (await t.http().get('/deposit/address').set(m.auth)).body.address;
    expect(
      (await t.http().post('/withdrawal_addresses').set(m.auth).send({ address: own })).body.code,
    ).toBe('WITHDRAWAL_TO_DEPOSIT_ADDRESS');

    await t.http().post('/withdrawal_addresses').set(m.auth).send({ address: OTHER }).expect(200);
    const third = await t
      .http()
      .post('/withdrawal_addresses')
      .set(m.auth)
      .send({ address: 'TJP1WvAqMstEeiPv99y3g8gHsFa6ki9zDV' });
    expect(third.body.code).toBe('ADDRESS_BOOK_FULL');

    await setPassword(m, { password: 'pay-123456' }).expect(200);
    const id = (await book()).body[0].id;
    const denied = await t.http().delete(`/withdrawal_addresses/${id}`).set(m.auth).send({});
    expect(denied.body.code).toBe('INCORRECT_TRANSACTION_PASSWORD');
    const deleted = await t
      .http()
      .delete(`/withdrawal_addresses/${id}`)
      .set(m.auth)
      .send({ transaction_password: 'pay-123456' });
    expect(deleted.status).toBe(200);
    expect(deleted.body.map((a: { address: string }) => a.address)).toEqual([OTHER]);
    // Someone else's id is not found.
    const stranger = await member(t);
    expect(
      (
        await t
          .http()
          .delete(`/withdrawal_addresses/${deleted.body[0].id}`)
          .set(stranger.auth)
          .send({})
      ).status,
    ).toBe(404);
  });
});
