import { Queue } from 'bullmq';
import { BuiltProcess, killBuilt, startWorker } from '../support/built-process';
import { eventually } from '../support/eventually';
import { Member, TestApp, member, startApp } from '../support/harness';
import { ReceivedMail, startSmtp } from '../support/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const FROM = 'Membership <no-reply@example.test>';

/** A loopback port where no mail server answers (yet). */
async function downPort(): Promise<number> {
  const probe = await startSmtp();
  await probe.close();
  return probe.port;
}

/**
 * Mail is an outbox (issue 30): the request answers once the code and its
 * mail are committed, a real worker sends it through a real SMTP server that
 * goes away and comes back, and each mail arrives once.
 */
describe('the mail outbox, with the mail server down, hanging and back', () => {
  let t: TestApp;
  let queue: Queue;
  const workers: BuiltProcess[] = [];
  const servers: Smtp[] = [];

  beforeAll(async () => {
    // The API only writes and queues; its SMTP_URL says mail is configured.
    t = await startApp({
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: FROM,
      MAIL_CODE_RESEND_SECONDS: '30',
      PASSWORD_RESET_LIMIT_PER_HOUR: '0',
    });
    queue = new Queue('mail', { connection: { url: process.env.REDIS_URL } });
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await killBuilt(w);
    for (const s of servers.splice(0)) await s.close();
  });
  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  const worker = async (port: number, settings: Record<string, string> = {}) => {
    const w = await startWorker({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: FROM,
      MAIL_RETRY_BASE_MS: '200',
      MAIL_SEND_ATTEMPTS: '0',
      MAIL_SEND_TIMEOUT_MS: '1000',
      SWEEP_INTERVAL_MS: '300',
      JOB_LOCK_MS: '2000',
      ...settings,
    });
    workers.push(w);
    return w;
  };
  const smtpOn = async (port: number, mails?: ReceivedMail[]) => {
    const s = await startSmtp({ port, mails });
    servers.push(s);
    return s;
  };
  const askMailCode = (m: Member, mail: string) =>
    t.http().post('/users/mail/code').set(m.auth).send({ mail });
  const outboxOf = async (userId: number) =>
    (await t.db.query(
      `SELECT id, status, attempts, last_error, sealed FROM mail_outbox WHERE user_id = $1 ORDER BY id`,
      [userId],
    )) as { id: string; status: string; attempts: number; last_error: string | null }[];
  const codeMail = async (m: Member) =>
    (await t.http().get('/users/mail').set(m.auth)).body.code_mail as string | null;
  const to = (mails: ReceivedMail[], address: string) =>
    mails.filter((x) => x.to.includes(address));

  it('answers 200 while the server is down, and sends each code once it is back; the codes work', async () => {
    const port = await downPort();
    await worker(port);
    const binder = await member(t);
    const resetter = await member(t);
    await t.db.query(`UPDATE users SET mail = 'resetter@example.test' WHERE id = $1`, [
      resetter.id,
    ]);

    expect((await askMailCode(binder, 'binder@example.test')).status).toBe(200);
    const forgot = await t.http().post('/password/forgot').send({ email: resetter.phone });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });

    // Tried, refused, held for later: nothing lost, nothing given up.
    for (const m of [binder, resetter])
      await eventually(async () => {
        const [row] = await outboxOf(m.id);
        return row.status === 'queued' && row.attempts >= 2 ? row : undefined;
      });
    const [held] = await outboxOf(binder.id);
    expect(held.last_error).toMatch(/ECONNREFUSED/);
    expect(await codeMail(binder)).toBe('queued');

    const smtp = await smtpOn(port);
    const bindCode = await smtp.codeFor('binder@example.test', 0, 15_000);
    const resetCode = await smtp.codeFor('resetter@example.test', 0, 15_000);
    // Further retries and sweeps send nothing more.
    await sleep(2000);
    expect(to(smtp.mails, 'binder@example.test')).toHaveLength(1);
    expect(to(smtp.mails, 'resetter@example.test')).toHaveLength(1);
    const [bindRow] = await outboxOf(binder.id);
    expect(bindRow).toMatchObject({ status: 'sent', sealed: null, last_error: null });
    expect(to(smtp.mails, 'binder@example.test')[0].messageId).toBe(
      `<mail-outbox-${bindRow.id}@example.test>`,
    );
    expect(await codeMail(binder)).toBe('sent');

    await t
      .http()
      .post('/users/mail')
      .set(binder.auth)
      .send({ mail: 'binder@example.test', code: bindCode })
      .expect(200);
    await t
      .http()
      .post('/password/reset')
      .send({ email: resetter.phone, code: resetCode, password: 'after-the-outage' })
      .expect(200);
  });

  it('sends once with two workers and duplicate jobs arriving while a send is in flight', async () => {
    const smtp = await smtpOn(0);
    // Sends wait for the server longer than this test holds them: each takes one attempt.
    await worker(smtp.port, { MAIL_SEND_TIMEOUT_MS: '10000' });
    await worker(smtp.port, { MAIL_SEND_TIMEOUT_MS: '10000' });
    const members: Member[] = [];
    for (let i = 0; i < 6; i++) members.push(await member(t));
    smtp.control.hold = true; // each send waits at MAIL FROM, so duplicates meet it in flight
    for (const [i, m] of members.entries()) {
      expect((await askMailCode(m, `twice-${i}@example.test`)).status).toBe(200);
      const [row] = await outboxOf(m.id);
      // What a sweep or a Redis failover could add: more jobs for the same row.
      await queue.addBulk(
        [1, 2].map((k) => ({
          name: 'send-mail',
          data: { outboxId: row.id },
          opts: { jobId: `duplicate-${row.id}-${k}` },
        })),
      );
    }
    await eventually(async () => {
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM mail_outbox WHERE user_id = ANY($1) AND status = 'sending'`,
        [members.map((m) => m.id)],
      );
      return n > 0 ? true : undefined;
    });
    await sleep(500);
    smtp.control.hold = false;
    for (let i = 0; i < 6; i++) await smtp.codeFor(`twice-${i}@example.test`, 0, 15_000);
    await sleep(1500);
    for (let i = 0; i < 6; i++) expect(to(smtp.mails, `twice-${i}@example.test`)).toHaveLength(1);
    for (const m of members)
      expect(await outboxOf(m.id)).toEqual([
        expect.objectContaining({ status: 'sent', attempts: 1 }),
      ]);
  });

  it('a worker killed mid-send: another sends the mail once, after the claim goes stale', async () => {
    const smtp = await smtpOn(0);
    const first = await worker(smtp.port);
    smtp.control.hold = true;
    const m = await member(t);
    expect((await askMailCode(m, 'killed@example.test')).status).toBe(200);
    await eventually(async () =>
      (await outboxOf(m.id))[0].status === 'sending' ? true : undefined,
    );
    await killBuilt(first);
    smtp.control.hold = false;
    await worker(smtp.port);
    const code = await smtp.codeFor('killed@example.test', 0, 20_000);
    await sleep(1500);
    expect(to(smtp.mails, 'killed@example.test')).toHaveLength(1);
    expect(await outboxOf(m.id)).toEqual([
      expect.objectContaining({ status: 'sent', attempts: 2 }),
    ]);
    await t
      .http()
      .post('/users/mail')
      .set(m.auth)
      .send({ mail: 'killed@example.test', code })
      .expect(200);
  });

  it('a worker stopped politely mid-send hands the job back and exits 0 in time; the mail goes once', async () => {
    const smtp = await smtpOn(0);
    // Its send would wait 20 s for the hanging server; its grace is 2 s.
    const first = await worker(smtp.port, {
      MAIL_SEND_TIMEOUT_MS: '20000',
      SHUTDOWN_GRACE_MS: '2000',
    });
    smtp.control.hold = true;
    const m = await member(t);
    expect((await askMailCode(m, 'stopped@example.test')).status).toBe(200);
    const row = await eventually(async () => {
      const [r] = await outboxOf(m.id);
      return r.status === 'sending' ? r : undefined;
    });
    first.child.kill('SIGTERM');
    // Exit 1 would be the grace's timer: 0 is a close that ended in time.
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(first.output()).toContain(`job mail/send-mail mail-${row.id}-0 handed back by the stop`);
    // Back on its queue as it was: waiting, no attempt spent.
    const job = await queue.getJob(`mail-${row.id}-0`);
    expect(await job!.getState()).toBe('waiting');
    expect(job!.attemptsMade).toBe(0);

    smtp.control.hold = false;
    // Its claim goes stale after 3 x 1 s for this one, which then sends it.
    await worker(smtp.port, { MAIL_SEND_TIMEOUT_MS: '1000' });
    await smtp.codeFor('stopped@example.test', 0, 20_000);
    await sleep(1500);
    expect(to(smtp.mails, 'stopped@example.test')).toHaveLength(1);
    expect(await outboxOf(m.id)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });

  it('does not send a code that expired while the server was down', async () => {
    const port = await downPort();
    await worker(port);
    const m = await member(t);
    expect((await askMailCode(m, 'late@example.test')).status).toBe(200);
    await eventually(async () => ((await outboxOf(m.id))[0].attempts >= 1 ? true : undefined));
    await t.db.query(
      `UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [m.id],
    );
    // The server comes back only once the row is settled: a try claimed before the expiry may
    // still be connecting, and with the server up it would send (CI's full run saw it: the row
    // became 'sent'). The sweep or the next try, whichever comes first, finds the code expired.
    await eventually(
      async () => ((await outboxOf(m.id))[0].status === 'expired' ? true : undefined),
      15_000,
    );
    const smtp = await smtpOn(port);
    await sleep(1500);
    expect(to(smtp.mails, 'late@example.test')).toHaveLength(0);
    expect(await outboxOf(m.id)).toEqual([
      expect.objectContaining({ status: 'expired', sealed: null }),
    ]);
    expect(await codeMail(m)).toBe('expired');
  });

  it('sends the mail of a row whose id an earlier database used (restored under a Redis that kept its jobs)', async () => {
    const smtp = await smtpOn(0);
    await worker(smtp.port);
    const first = await member(t);
    expect((await askMailCode(first, 'before-restore@example.test')).status).toBe(200);
    await smtp.codeFor('before-restore@example.test', 0, 15_000);
    const [sent] = await outboxOf(first.id);
    // The restore: the row is gone and its id will be given again, while Redis still holds
    // what ran for it (found in the e2e run: a recreated database's first mail never went).
    await t.db.query('DELETE FROM mail_outbox WHERE id = $1', [sent.id]);
    await t.db.query(`SELECT setval(pg_get_serial_sequence('mail_outbox', 'id'), $1, false)`, [
      sent.id,
    ]);
    const second = await member(t);
    expect((await askMailCode(second, 'after-restore@example.test')).status).toBe(200);
    expect((await outboxOf(second.id))[0].id).toBe(sent.id);
    await smtp.codeFor('after-restore@example.test', 0, 15_000);
    await eventually(async () =>
      (await outboxOf(second.id))[0].status === 'sent' ? true : undefined,
    );
  });

  it('gives up after MAIL_SEND_ATTEMPTS, shows it, and lets the member ask again at once', async () => {
    const port = await downPort();
    await worker(port, { MAIL_SEND_ATTEMPTS: '3', MAIL_RETRY_BASE_MS: '100' });
    const m = await member(t);
    expect((await askMailCode(m, 'gaveup@example.test')).status).toBe(200);
    // While the mail is still being tried, the resend delay holds.
    expect((await askMailCode(m, 'gaveup@example.test')).status).toBe(429);
    const failed = await eventually(async () => {
      const [row] = await outboxOf(m.id);
      return row.status === 'failed' ? row : undefined;
    });
    expect(failed).toMatchObject({ attempts: 3, sealed: null });
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    expect(await codeMail(m)).toBe('failed');
    expect((await askMailCode(m, 'gaveup@example.test')).status).toBe(200);
    expect(await outboxOf(m.id)).toHaveLength(2);

    // A reset whose mail failed: the next "forgot" mails a new code at once.
    const r = await member(t);
    await t.db.query(`UPDATE users SET mail = 'gaveup-reset@example.test' WHERE id = $1`, [r.id]);
    await t.http().post('/password/forgot').send({ email: r.phone }).expect(200);
    await eventually(async () =>
      (await outboxOf(r.id))[0].status === 'failed' ? true : undefined,
    );
    await t.http().post('/password/forgot').send({ email: r.phone }).expect(200);
    expect(await outboxOf(r.id)).toHaveLength(2);
  });
});
