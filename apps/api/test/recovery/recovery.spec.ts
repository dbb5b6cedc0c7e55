import { developmentAuditSigningKey } from '../../src/config/audit-signing-key';
import { DEV_AUDIT_SIGNING_KEY_FILE } from '../../src/config/config';
import { INestApplicationContext } from '@nestjs/common';
import { deriveTronAddress } from '@app/domain';
import { utcTime } from '../../src/modules/mail/mail-templates';
import {
  type Member,
  type TestApp,
  adjust,
  login,
  me,
  member,
  operator,
  setLevel,
  startApp,
} from '../support/harness';
import { eventually } from '../support/eventually';
import { startSmtp } from '../support/smtp';
import { staffMember } from '../support/staff';
import { TEST_WALLET, startWorker } from '../support/tron';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
type Auth = Record<string, string>;

const HOUR_MS = 3_600_000;
// The member's own outside wallet, and the one whoever took the account would send to.
const OWN_WALLET = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
const TAKER_WALLET = deriveTronAddress(TEST_WALLET.depositXpub, 2_000_000_000);

/** The member's messages as they read them (GET /messages), without the club's broadcasts. */
async function ownMessages(t: TestApp, auth: Auth, lang: string) {
  const list = (await t.http().get('/messages').set(auth).set('Accept-Language', lang).expect(200))
    .body as { id: number; title: string; description: string }[];
  const own: { id: number }[] = await t.db.query(
    `SELECT id FROM messages WHERE user_id IS NOT NULL AND id = ANY($1)`,
    [list.map((message) => message.id)],
  );
  return list.filter((message) => own.some((row) => row.id === message.id));
}

/** Case 2 of issue 36, and what stops it: the code goes to the mailbox, the reset is told and held. */
describe('account recovery: a reset does not hand over the account', () => {
  let smtp: Smtp;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Auth;
  let support: Member;

  beforeAll(async () => {
    smtp = await startSmtp();
    const settings = { SMTP_URL: smtp.url, MAIL_FROM: 'Trailer Club <no-reply@example.test>' };
    t = await startApp(settings);
    // The API puts mails in the outbox; the worker sends them.
    worker = await startWorker(settings);
    admin = await operator(t);
    support = await staffMember(t, 'support');
  });
  afterAll(async () => {
    // Other suites count the seeded admin as the only operator.
    await t.db.query(`UPDATE users SET role = 'member' WHERE id = $1`, [support.id]);
    await worker.close();
    await t.close();
    await smtp.close();
  });

  /** Binds `mail` as a member whose client speaks `lang`. */
  const bind = async (m: Member, mail: string, lang: string) => {
    const sent = smtp.mails.length;
    await t
      .http()
      .post('/users/mail/code')
      .set(m.auth)
      .set('Accept-Language', lang)
      .send({ mail })
      .expect(200);
    const code = await smtp.codeFor(mail, sent);
    await t
      .http()
      .post('/users/mail')
      .set(m.auth)
      .set('Accept-Language', lang)
      .send({ mail, code })
      .expect(200);
  };
  /** The mails that reached `to` after the first `after`, waiting for `count` of them. */
  const mailsTo = (to: string, after: number, count = 1) =>
    eventually(
      async () => {
        const found = smtp.mails.slice(after).filter((mail) => mail.to.includes(to));
        return found.length >= count ? found : undefined;
      },
      10_000,
      `${count} mail(s) to ${to}`,
    );
  const messages = (auth: Auth, lang = 'en') => ownMessages(t, auth, lang);
  const signIn = async (phone: string, password: string): Promise<Auth> => ({
    Authorization: `Bearer ${(await login(t, phone, password)).access_token}`,
  });
  const resetAt = async (id: number) =>
    ((await t.db.query(`SELECT password_reset_at FROM users WHERE id = $1`, [id]))[0]
      .password_reset_at as Date) ?? null;
  const take = (auth: Auth, body: object) => t.http().post('/balance/take').set(auth).send(body);
  const funded = async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 50);
    return m;
  };

  it('mails the code of a support reset to the bound mailbox, in its language, and answers only where it went', async () => {
    const m = await member(t);
    await bind(m, 'mira@example.test', 'uz');
    const sent = smtp.mails.length;
    const asked = await t
      .http()
      .post(`/admin/users/${m.id}/reset_code`)
      .set(support.auth)
      .set('Accept-Language', 'en');
    expect(asked.status).toBe(200);
    expect(Object.keys(asked.body).sort()).toEqual(['expires_at', 'sent_to']);
    expect(asked.body.sent_to).toBe('m***@example.test');
    const [mail] = await mailsTo('mira@example.test', sent);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    // The member's language (bound in Uzbek), not the operator's.
    expect(mail.subject).toBe(`Parolni tiklash kodi: ${code}`);
    expect(JSON.stringify(asked.body)).not.toContain(code);
    const audit = (await t.http().get('/admin/audit').set(admin)).body;
    expect(audit[0]).toMatchObject({
      action: 'user.reset_code',
      target_user_id: m.id,
      details: { sent_to: 'm***@example.test' },
    });
    expect(JSON.stringify(audit[0])).not.toContain(code);

    // The member resets with it: told by mail (in Uzbek) and by message, and the hold begins.
    const beforeReset = smtp.mails.length;
    await t
      .http()
      .post('/password/reset')
      .set('Accept-Language', 'en')
      .send({ email: m.phone, code, password: 'mira-new-pass' })
      .expect(200);
    const at = await resetAt(m.id);
    const until = new Date(at.getTime() + 24 * HOUR_MS);
    const [notice] = await mailsTo('mira@example.test', beforeReset);
    expect(notice.subject).toBe('Hisobingiz paroli tiklandi');
    expect(notice.text).toContain(utcTime(at));
    expect(notice.text).toContain(`${utcTime(until)} gacha`);
    const auth = await signIn(m.phone, 'mira-new-pass');
    expect((await messages(auth, 'ru'))[0]).toMatchObject({
      title: 'Пароль вашего аккаунта сброшен',
      description: expect.stringContaining(`до ${utcTime(until)}`),
    });
    const [row] = await t.db.query(
      `SELECT code_id, status FROM mail_outbox WHERE user_id = $1 AND kind = 'account_notice'`,
      [m.id],
    );
    expect(row).toEqual({ code_id: null, status: 'sent' });
  });

  it("tells of the member's own reset by mailed code, in the mailbox's language, and holds withdrawals", async () => {
    const m = await funded();
    await bind(m, 'own@example.test', 'ru');
    const sent = smtp.mails.length;
    await t
      .http()
      .post('/password/forgot')
      .set('Accept-Language', 'en')
      .send({ email: m.phone })
      .expect(200);
    const code = await smtp.codeFor('own@example.test', sent);
    const beforeReset = smtp.mails.length;
    await t
      .http()
      .post('/password/reset')
      .send({ email: m.phone, code, password: 'own-new-pass' })
      .expect(200);
    const [notice] = await mailsTo('own@example.test', beforeReset);
    expect(notice.subject).toBe('Пароль вашего аккаунта сброшен');
    const auth = await signIn(m.phone, 'own-new-pass');
    expect((await messages(auth))[0].title).toBe('Your password was reset');
    const refused = await take(auth, { wallet: OWN_WALLET, amount: 20 });
    expect([refused.status, refused.body.code]).toEqual([403, 'RECOVERY_HOLD']);
  });

  it('stops the takeover of a member without a mailbox: withdrawals and address changes wait, the member is told', async () => {
    const m = await funded();
    const saved = await t
      .http()
      .post('/withdrawal_addresses')
      .set(m.auth)
      .send({ address: OWN_WALLET, label: 'mine' });
    expect(saved.status).toBe(200);
    const savedId = saved.body[0].id as number;

    // Support asks for a code: without a mailbox it is handed out, as before.
    const issued = await t.http().post(`/admin/users/${m.id}/reset_code`).set(support.auth);
    expect(issued.status).toBe(200);
    expect(issued.body.code).toMatch(/^\d{6}$/);
    await t
      .http()
      .post('/password/reset')
      .send({ email: m.phone, code: issued.body.code, password: 'taken-over' })
      .expect(200);
    const until = new Date((await resetAt(m.id)).getTime() + 24 * HOUR_MS).toISOString();
    const taker = await signIn(m.phone, 'taken-over');
    expect((await t.http().get('/users/me').set(taker)).body.recovery_hold_until).toBe(until);

    // The member had no transaction password: the one who reset sets one...
    await t
      .http()
      .post('/users/transaction_password')
      .set(taker)
      .send({ password: 'taker-pay' })
      .expect(200);
    // ...and is refused every way to the money.
    const withdraw = await take(taker, {
      wallet: TAKER_WALLET,
      amount: 20,
      transaction_password: 'taker-pay',
    });
    expect([withdraw.status, withdraw.body]).toEqual([
      403,
      {
        detail: 'Withdrawals and address changes wait after a password reset',
        code: 'RECOVERY_HOLD',
        until,
      },
    ]);
    const add = await t
      .http()
      .post('/withdrawal_addresses')
      .set(taker)
      .send({ address: TAKER_WALLET, transaction_password: 'taker-pay' });
    expect([add.status, add.body.code, add.body.until]).toEqual([403, 'RECOVERY_HOLD', until]);
    const remove = await t
      .http()
      .delete(`/withdrawal_addresses/${savedId}`)
      .set(taker)
      .send({ transaction_password: 'taker-pay' });
    expect([remove.status, remove.body.code, remove.body.until]).toEqual([
      403,
      'RECOVERY_HOLD',
      until,
    ]);
    // Changing the transaction password again is told too, and leaves the hold where it was.
    await t
      .http()
      .post('/users/transaction_password')
      .set(taker)
      .send({ password: 'taker-pay-2', old_password: 'taker-pay' })
      .expect(200);
    expect((await t.http().get('/users/me').set(taker)).body.recovery_hold_until).toBe(until);
    // A refusal for the hold is not kept for its Idempotency-Key: the same request runs once it is over.
    const retried = { wallet: OWN_WALLET, amount: 20, transaction_password: 'taker-pay-2' };
    const held = await take(taker, retried).set('Idempotency-Key', 'after-the-hold');
    expect([held.status, held.body.code]).toEqual([403, 'RECOVERY_HOLD']);

    // Nothing left, nothing changed in the book; the member has three messages saying what and when.
    expect((await t.http().get('/users/me').set(taker)).body.money).toBe(50);
    expect(
      (await t.db.query(`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1`, [m.id]))[0]
        .n,
    ).toBe(0);
    expect(
      (await t.http().get('/withdrawal_addresses').set(taker)).body.map(
        (a: { address: string }) => a.address,
      ),
    ).toEqual([OWN_WALLET]);
    const told = await messages(taker);
    expect(told.map((message) => message.title)).toEqual([
      'Your transaction password was changed',
      'A transaction password was set',
      'Your password was reset',
    ]);
    for (const message of told) {
      expect(message.description).toContain(`paused until ${utcTime(new Date(until))}`);
      expect(message.description).toContain('If this was not you');
    }
    // No mailbox, no mail.
    expect(
      (await t.db.query(`SELECT count(*)::int AS n FROM mail_outbox WHERE user_id = $1`, [m.id]))[0]
        .n,
    ).toBe(0);

    // Once the window has passed, the withdrawal is taken; a later change is not a recovery notice.
    await t.db.query(
      `UPDATE users SET password_reset_at = password_reset_at - interval '24 hours' WHERE id = $1`,
      [m.id],
    );
    expect((await t.http().get('/users/me').set(taker)).body.recovery_hold_until).toBeNull();
    const after = await take(taker, retried).set('Idempotency-Key', 'after-the-hold');
    expect([after.status, after.body.status]).toEqual([200, 'under_review']);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    await t
      .http()
      .post('/users/transaction_password')
      .set(taker)
      .send({ password: 'taker-pay-3', old_password: 'taker-pay-2' })
      .expect(200);
    expect(await messages(taker)).toHaveLength(3);
  });

  it('never tells a member of a transaction password set without a reset', async () => {
    const m = await member(t);
    await t
      .http()
      .post('/users/transaction_password')
      .set(m.auth)
      .send({ password: 'first-pay' })
      .expect(200);
    expect(await messages(m.auth)).toEqual([]);
    expect((await me(t, m)).recovery_hold_until).toBeNull();
  });
});

describe('account recovery with RECOVERY_HOLD_HOURS=0', () => {
  let t: TestApp;
  let admin: Auth;

  beforeAll(async () => {
    t = await startApp({ RECOVERY_HOLD_HOURS: '0' });
    admin = await operator(t);
  });
  afterAll(() => t.close());

  it('holds nothing after a reset, and still tells the member', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 50);
    const issued = await t.http().post(`/admin/users/${m.id}/reset_code`).set(admin).expect(200);
    await t
      .http()
      .post('/password/reset')
      .send({ email: m.phone, code: issued.body.code, password: 'no-hold-pass' })
      .expect(200);
    const tokens = await login(t, m.phone, 'no-hold-pass');
    const auth = { Authorization: `Bearer ${tokens.access_token}` };
    expect((await t.http().get('/users/me').set(auth)).body.recovery_hold_until).toBeNull();
    await t
      .http()
      .post('/withdrawal_addresses')
      .set(auth)
      .send({ address: OWN_WALLET })
      .expect(200);
    const taken = await t.http().post('/balance/take').set(auth).send({
      wallet: OWN_WALLET,
      amount: 20,
    });
    expect([taken.status, taken.body.status]).toEqual([200, 'under_review']);
    // A transaction password set now is outside any window: no second notice.
    await t
      .http()
      .post('/users/transaction_password')
      .set(auth)
      .send({ password: 'later-pay' })
      .expect(200);
    const told = await ownMessages(t, auth, 'en');
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe('Your password was reset');
    expect(told[0].description).not.toContain('paused');
  });
});

describe('account recovery where mail cannot go (production without SMTP_URL)', () => {
  let t: TestApp;
  let admin: Auth;

  beforeAll(async () => {
    t = await startApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'recovery-'.repeat(5),
      // Production requires the audit's signing key (issue 36): the one every other suite
      // signs with, so the shared test chain stays verifiable (test/audit/audit-chain.spec.ts).
      AUDIT_SIGNING_KEY: developmentAuditSigningKey(DEV_AUDIT_SIGNING_KEY_FILE),
    });
    admin = await operator(t);
  });
  afterAll(() => t.close());

  it('gives no code for a member with a mailbox rather than hand it to the operator', async () => {
    const m = await member(t);
    // Bound before mail went away (the bind itself needs mail): set as the bind leaves it.
    await t.db.query(
      `UPDATE users SET mail = 'kept@example.test', mail_language = 'en' WHERE id = $1`,
      [m.id],
    );
    const asked = await t.http().post(`/admin/users/${m.id}/reset_code`).set(admin);
    expect([asked.status, asked.body.code]).toEqual([503, 'MAIL_NOT_CONFIGURED']);
    expect(
      (
        await t.db.query(`SELECT count(*)::int AS n FROM one_time_codes WHERE user_id = $1`, [m.id])
      )[0].n,
    ).toBe(0);
    // A member without one still gets a code through the operator, and the reset is told in-app.
    const bare = await member(t);
    const issued = await t.http().post(`/admin/users/${bare.id}/reset_code`).set(admin);
    expect(issued.status).toBe(200);
    await t
      .http()
      .post('/password/reset')
      .send({ email: bare.phone, code: issued.body.code, password: 'bare-new-pass' })
      .expect(200);
    const auth = {
      Authorization: `Bearer ${(await login(t, bare.phone, 'bare-new-pass')).access_token}`,
    };
    expect((await ownMessages(t, auth, 'en'))[0].title).toBe('Your password was reset');
  });
});
