import 'reflect-metadata';
import { randomInt } from 'node:crypto';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { useTestEnv } from './env';
import { SOUND_LEDGER_REPORT } from './ledger-report';
import { viewKey } from '../../src/modules/trailers/trailer-view-keys';

useTestEnv();
// Imported after the environment is set: the app reads its settings on boot.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createApp } = require('../../src/app.factory') as typeof import('../../src/app.factory');

export interface TestApp {
  app: NestFastifyApplication;
  http: () => ReturnType<typeof request>;
  db: DataSource;
  redis: Redis;
  close: () => Promise<void>;
}

/**
 * The real app on the real test database and Redis, without a listening port.
 * `settings` are environment values for this app only (read while it boots).
 * Logs are off unless `logDestination` is given (then at LOG_LEVEL, into it).
 */
export async function startApp(
  settings: Record<string, string> = {},
  options: { logDestination?: DestinationStream } = {},
): Promise<TestApp> {
  const redis = new Redis(process.env.REDIS_URL!);
  await redis.flushdb();
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  let app: NestFastifyApplication;
  try {
    app = await createApp({ logger: false, logDestination: options.logDestination });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  const db = app.get(DataSource);
  return {
    app,
    http: () => request(app.getHttpServer()),
    db,
    redis,
    close: async () => {
      await app.close();
      await redis.quit();
    },
  };
}

/** A phone no other test uses (random 9 digits: a clash is a one-in-a-billion event). */
export function uniquePhone(): string {
  return `+998${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

export async function register(
  t: TestApp,
  phone = uniquePhone(),
  password = 'secret12',
  invite_code: unknown = 0,
) {
  const res = await t.http().post('/users/').send({ email: phone, password, invite_code });
  if (res.status !== 200)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as number, phone, password };
}

export async function login(t: TestApp, phone: string, password: string) {
  const res = await t.http().post('/token').type('form').send({ username: phone, password });
  if (res.status !== 200)
    throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { access_token: string; refresh_token: string; token_type: string };
}

/** A registered and signed-in member. */
export async function member(t: TestApp, invite_code: unknown = 0) {
  const account = await register(t, uniquePhone(), 'secret12', invite_code);
  const tokens = await login(t, account.phone, account.password);
  return { ...account, ...tokens, auth: { Authorization: `Bearer ${tokens.access_token}` } };
}

export type Member = Awaited<ReturnType<typeof member>>;

/** The seeded operator's auth header. */
export async function operator(t: TestApp) {
  const tokens = await login(t, process.env.ADMIN_PHONE!, process.env.ADMIN_PASSWORD!);
  return { Authorization: `Bearer ${tokens.access_token}` };
}

const coSigners = new WeakMap<TestApp, Promise<Record<string, string>>>();

/**
 * A second admin for this app, made once: it gives the second approval when
 * a member's adjustments over the day pass ADJUST_APPROVAL_THRESHOLD.
 * `close()` makes it a member again (other suites count the seeded admin).
 */
export function coSigner(t: TestApp): Promise<Record<string, string>> {
  let signer = coSigners.get(t);
  if (!signer) {
    signer = (async () => {
      const account = await register(t);
      await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [account.id]);
      const tokens = await login(t, account.phone, account.password);
      const auth = { Authorization: `Bearer ${tokens.access_token}` };
      for (let i = 0; i < 200; i++) {
        if ((await t.http().get('/admin/audit').set(auth)).status === 200) {
          const close = t.close;
          t.close = async () => {
            await t.db.query(`UPDATE users SET role = 'member' WHERE id = $1`, [account.id]);
            await close();
          };
          return auth;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('the co-signing admin never took effect');
    })();
    coSigners.set(t, signer);
  }
  return signer;
}

/**
 * Gives every economy change waiting for a second admin (a raise of members'
 * pay made by the seeded admin), or those given, the co-signer's approval.
 */
export async function approveEconomyChanges(t: TestApp, changes?: { id: number }[]) {
  if (changes?.length === 0) return;
  const signer = await coSigner(t);
  const waiting =
    changes ??
    ((await t.http().get('/admin/economy/changes?status=pending').set(signer)).body as {
      id: number;
    }[]);
  for (const change of waiting) {
    const res = await t.http().post(`/admin/economy/changes/${change.id}/approve`).set(signer);
    if (res.status !== 200) throw new Error(`economy approval failed: ${JSON.stringify(res.body)}`);
  }
}

/**
 * Sets the club's card for card deposits (they are off until one is set), as
 * an operator does; while the club has two admins the card waits for the
 * other, and the co-signer approves it.
 */
export async function setCardNumber(t: TestApp, admin: Record<string, string>, card: string) {
  const settings = (await t.http().get('/admin/settings').set(admin).expect(200)).body;
  const saved = await t
    .http()
    .put('/admin/settings')
    .set(admin)
    .send({ ...settings, card })
    .expect(200);
  await approveEconomyChanges(t, saved.body.pending_changes);
}

/**
 * Credits (or debits) a member through the operator endpoint: the real money
 * path. When the day's adjustments need four eyes, a second admin approves.
 */
export async function adjust(
  t: TestApp,
  admin: Record<string, string>,
  userId: number,
  amount: number,
  account: 'money' | 'points' = 'money',
) {
  const res = await t
    .http()
    .post(`/admin/users/${userId}/adjust`)
    .set(admin)
    .send({ account, amount, reason: 'test funding' });
  if (res.status !== 200)
    throw new Error(`adjust failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.body.status !== 'pending_approval') return res.body;
  const approved = await t
    .http()
    .post(`/admin/adjustments/${res.body.request_id}/approve`)
    .set(await coSigner(t));
  if (approved.status !== 200 || approved.body.status !== 'applied')
    throw new Error(`second approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  return approved.body;
}

export async function me(t: TestApp, m: Member) {
  const res = await t.http().get('/users/me').set(m.auth);
  if (res.status !== 200) throw new Error(`me failed: ${res.status}`);
  return res.body;
}

/**
 * Opens a trailer, then counts `seconds` of play on the view as if its beats
 * had reported them (the beats themselves have their own tests,
 * test/trailers/views.spec.ts). Returns the watch's body.
 */
export async function viewFor(t: TestApp, m: Member, trailerId: number, seconds: number) {
  const res = await t.http().get(`/trailers/${trailerId}`).set(m.auth);
  if (res.status !== 200) throw new Error(`open trailer failed: ${res.status}`);
  const viewId = res.body.view_id as string;
  await t.redis.hset(viewKey(viewId), 'played', Math.round(seconds * 1000));
  return { view_id: viewId };
}

export async function setLevel(t: TestApp, userId: number, level: number, days = 30) {
  await t.db.query(
    `UPDATE users SET vip_level = $2, vip_expire = now() + make_interval(days => $3) WHERE id = $1`,
    [userId, level, days],
  );
}

/** The operator's ledger report must say balanced and consistent. */
export async function expectLedgerSound(t: TestApp, admin: Record<string, string>) {
  const res = await t.http().get('/admin/reports/ledger').set(admin);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject(SOUND_LEDGER_REPORT);
  return res.body;
}
