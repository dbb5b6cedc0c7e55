import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TestApp,
  adjust,
  expectLedgerSound,
  me,
  member,
  operator,
  setCardNumber,
  setLevel,
  startApp,
} from '../support/harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

describe('identity verification and card deposits: private files, operator decisions', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'identity-test-'));
    t = await startApp({ STORAGE_DIR: dir, WITHDRAWAL_VERIFICATION_THRESHOLD: '50' });
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const storedFiles = async () => (await readdir(join(dir, 'private')).catch(() => [])).length;

  const submit = (
    auth: Record<string, string>,
    fields: Record<string, string> = {},
    files = { front: PNG, back: JPEG },
  ) => {
    let req = t.http().post('/users/me/verification').set(auth);
    const all = {
      country: 'Uzbekistan',
      document_type: 'passport',
      full_name: 'Aziz Karimov',
      document_number: 'AA1234567',
      ...fields,
    };
    for (const [name, value] of Object.entries(all)) req = req.field(name, value);
    for (const [name, bytes] of Object.entries(files)) req = req.attach(name, bytes, `${name}.img`);
    return req;
  };

  it('takes a verification with two private photos; only the member and operators see them', async () => {
    const m = await member(t);
    const stranger = await member(t);
    expect((await t.http().get('/users/me/verification').set(m.auth)).body).toEqual({
      status: 'none',
    });
    expect((await me(t, m)).verification).toBe('none');

    const sent = await submit(m.auth);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'pending' });
    expect((await me(t, m)).verification).toBe('pending');
    expect((await submit(m.auth)).body.code).toBe('VERIFICATION_PENDING');

    const own = await t.http().get('/users/me/verification/front').set(m.auth);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toMatch(/no-store/);
    expect(Buffer.compare(own.body, PNG)).toBe(0);

    const [item] = (
      await t.http().get('/admin/verifications?status=pending').set(admin)
    ).body.filter((v: { user_id: number }) => v.user_id === m.id);
    expect(item).toMatchObject({
      full_name: 'Aziz Karimov',
      document_number: 'AA1234567',
      status: 'pending',
    });
    const back = await t.http().get(`/admin/verifications/${item.id}/back`).set(admin);
    expect(back.headers['content-type']).toBe('image/jpeg');

    // Nobody else: not another member, not a visitor, not under /media.
    expect(
      (await t.http().get(`/admin/verifications/${item.id}/front`).set(stranger.auth)).status,
    ).toBe(403);
    expect((await t.http().get('/users/me/verification/front').set(stranger.auth)).status).toBe(
      404,
    );
    expect((await t.http().get('/users/me/verification/front')).status).toBe(401);
    for (const name of await readdir(join(dir, 'private'))) {
      expect((await t.http().get(`/media/${name}`)).status).toBe(404);
    }
  });

  it('refuses bad forms and files without leaving anything behind', async () => {
    const m = await member(t);
    const before = await storedFiles();
    const bad = await submit(m.auth, { document_type: 'library_card', full_name: 'A' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.detail.map((e: { loc: string[] }) => e.loc.join('.'))).toEqual(
      expect.arrayContaining(['body.document_type', 'body.full_name']),
    );
    const notImage = await submit(m.auth, {}, { front: PNG, back: Buffer.from('%PDF-1.4 hello') });
    expect(notImage.status).toBe(415);
    const missing = await submit(m.auth, {}, { front: PNG } as never);
    expect(missing.status).toBe(422);
    expect(await storedFiles()).toBe(before);
    expect((await me(t, m)).verification).toBe('none');
  });

  it('rejection with a reason lets the member send again; approval opens large withdrawals', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 200);
    await submit(m.auth).expect(200);
    const id = async () =>
      (await t.http().get('/admin/verifications?status=pending').set(admin)).body.find(
        (v: { user_id: number }) => v.user_id === m.id,
      ).id;
    const first = await id();
    const short = await t
      .http()
      .post(`/admin/verifications/${first}/reject`)
      .set(admin)
      .send({ reason: 'x' });
    expect(short.status).toBe(422);
    await t
      .http()
      .post(`/admin/verifications/${first}/reject`)
      .set(admin)
      .send({ reason: 'The photo is blurred' })
      .expect(200);
    expect((await t.http().get('/users/me/verification').set(m.auth)).body).toMatchObject({
      status: 'rejected',
      reason: 'The photo is blurred',
    });
    expect(
      (await t.http().post(`/admin/verifications/${first}/approve`).set(admin)).body.code,
    ).toBe('REVIEW_ALREADY_DECIDED');

    // Above WITHDRAWAL_VERIFICATION_THRESHOLD (50 USDT) a verified identity is needed.
    const large = await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 60 });
    expect(large.body.code).toBe('VERIFICATION_REQUIRED');
    await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 20 })
      .expect(200);

    await submit(m.auth).expect(200);
    const second = await id();
    const approved = await t.http().post(`/admin/verifications/${second}/approve`).set(admin);
    expect(approved.body).toMatchObject({ status: 'approved', user_id: m.id });
    expect((await me(t, m)).verification).toBe('approved');
    expect((await submit(m.auth)).body.code).toBe('VERIFICATION_PENDING');
    await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 60 })
      .expect(200);
    const audit = (await t.http().get('/admin/audit').set(admin)).body.map(
      (a: { action: string }) => a.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['verification.reject', 'verification.approve']));
  });

  const report = (
    auth: Record<string, string>,
    fields: Record<string, string>,
    receipt: Buffer = JPEG,
  ) => {
    let req = t.http().post('/card/deposits').set(auth);
    for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
    return req.attach('receipt', receipt, 'receipt.jpg');
  };

  it('card deposits are off until an operator sets a card: refused whole, nothing stored', async () => {
    // Another suite may have set one in this database: none is set here.
    await setCardNumber(t, admin, '');
    expect((await t.http().get('/card').set(admin)).body).toEqual({ card: null });
    const m = await member(t);
    const filesBefore = await storedFiles();
    const refused = await report(m.auth, { currency: 'USD', amount: '10' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CARD_DEPOSITS_OFF');
    expect(await storedFiles()).toBe(filesBefore);
    expect((await t.http().get('/balance?add=true').set(m.auth)).body).toEqual([]);

    await setCardNumber(t, admin, '8600 4444 5555 6666');
    expect((await t.http().get('/card').set(m.auth)).body).toEqual({ card: '8600 4444 5555 6666' });
  });

  it('a card deposit is under review in the records, then credited once with the amount the operator decides', async () => {
    const m = await member(t);
    const sent = await report(m.auth, { currency: 'UZS', amount: '1270000' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ id: expect.any(Number), status: 'under_review' });
    const [record] = (await t.http().get('/balance?add=true').set(m.auth)).body;
    expect(record).toMatchObject({
      id: sent.body.id,
      type: 'card',
      status: 'under_review',
      amount: 0,
    });

    const receipt = await t.http().get(`/card/deposits/${sent.body.id}/receipt`).set(m.auth);
    expect(receipt.status).toBe(200);
    const other = await member(t);
    expect(
      (await t.http().get(`/card/deposits/${sent.body.id}/receipt`).set(other.auth)).status,
    ).toBe(404);

    const queue = (await t.http().get('/admin/card_deposits?status=under_review').set(admin)).body;
    const item = queue.find((c: { record_id: number }) => c.record_id === sent.body.id);
    // 1,270,000 UZS at the seeded 0.000079 USDT each.
    expect(item).toMatchObject({
      currency: 'UZS',
      amount: '1270000.00',
      rate: '0.000079',
      suggested_usdt: 100.33,
    });
    expect((await t.http().get(`/admin/card_deposits/${item.id}/receipt`).set(admin)).status).toBe(
      200,
    );

    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.http().post(`/admin/card_deposits/${item.id}/approve`).set(admin).send({ amount: 100 }),
      ),
    );
    expect(approvals.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await me(t, m)).money).toBe(100);
    const [credited] = (await t.http().get('/balance?add=true').set(m.auth)).body;
    expect(credited).toMatchObject({
      id: sent.body.id,
      type: 'card',
      status: 'success',
      amount: 100,
    });
    expect(
      (
        await t
          .http()
          .post(`/admin/card_deposits/${item.id}/reject`)
          .set(admin)
          .send({ reason: 'late' })
      ).body.code,
    ).toBe('REVIEW_ALREADY_DECIDED');
    const ledger = (await t.http().get('/admin/reports/ledger').set(admin)).body;
    expect(ledger.totals).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'card_deposits', owner: 'system' })]),
    );
  });

  it('a refused card deposit credits nothing and shows the reason; bad reports are refused whole', async () => {
    const m = await member(t);
    const sent = await report(m.auth, { currency: 'RUB', amount: '9000,50' });
    expect(sent.status).toBe(200);
    const item = (await t.http().get('/admin/card_deposits').set(admin)).body.find(
      (c: { record_id: number }) => c.record_id === sent.body.id,
    );
    expect(item.amount).toBe('9000.50');
    await t
      .http()
      .post(`/admin/card_deposits/${item.id}/reject`)
      .set(admin)
      .send({ reason: 'No payment arrived' })
      .expect(200);
    const [record] = (await t.http().get('/balance?add=true').set(m.auth)).body;
    // Refused by an operator, and it says so (not "failed").
    expect(record).toMatchObject({
      status: 'fail',
      failure: 'refused',
      reason: 'No payment arrived',
      amount: 0,
      cancellable: false,
    });
    expect((await me(t, m)).money).toBe(0);

    const before = await storedFiles();
    for (const fields of [
      { currency: 'EUR', amount: '10' },
      { currency: 'USD', amount: '0' },
      { currency: 'USD', amount: '1.234' },
      { currency: 'USD', amount: '-5' },
    ]) {
      const res = await report(m.auth, fields);
      expect([res.status, res.body.code]).toEqual([422, 'VALIDATION_ERROR']);
    }
    expect(
      (await report(m.auth, { currency: 'USD', amount: '10' }, Buffer.from('text'))).status,
    ).toBe(415);
    expect(await storedFiles()).toBe(before);
    expect((await t.http().get('/balance?add=true').set(m.auth)).body).toHaveLength(1);
  });

  it('operators set the card rates, audited with before and after', async () => {
    const set = await t
      .http()
      .put('/admin/card_rates')
      .set(admin)
      .send({ USD: '1', RUB: '0.012', UZS: '0.00008' });
    expect(set.status).toBe(200);
    expect((await t.http().get('/admin/card_rates').set(admin)).body).toEqual({
      USD: '1',
      RUB: '0.012',
      UZS: '0.00008',
    });
    const [entry] = (await t.http().get('/admin/audit').set(admin)).body;
    expect(entry).toMatchObject({ action: 'card.rates', details: { after: { RUB: '0.012' } } });
    expect((await t.http().put('/admin/card_rates').set(admin).send({ USD: 'one' })).status).toBe(
      422,
    );
  });
});
