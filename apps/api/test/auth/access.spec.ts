import { loadConfig } from '../../src/config/config';
import { AccessStateService } from '../../src/modules/auth/access-state.service';
import { SessionEnds } from '../../src/modules/auth/session-ends';
import { UsersService } from '../../src/modules/users/users.service';
import { Member, TestApp, member, startApp } from '../support/harness';

/** Polls a request until its status is `status` (NOTIFY arrives a moment after COMMIT). */
async function eventually(check: () => Promise<number>, status: number) {
  let seen = await check();
  for (let i = 0; i < 100 && seen !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    seen = await check();
  }
  return seen;
}

describe('access changes count on the next request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const transfer = (m: Member) => async () =>
    (await t.http().post('/users/transfer').set(m.auth).send({ amount: 5 })).status;
  const audit = (m: Member) => async () => (await t.http().get('/admin/audit').set(m.auth)).status;

  it('refuses a deactivated member’s unexpired token, and accepts it again after reactivation', async () => {
    const m = await member(t);
    expect((await t.http().get('/users/me').set(m.auth)).status).toBe(200);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [m.id]);
    expect(await eventually(transfer(m), 401)).toBe(401);
    expect((await t.http().get('/users/me').set(m.auth)).status).toBe(401);
    await t.db.query('UPDATE users SET is_active = true WHERE id = $1', [m.id]);
    expect(
      await eventually(async () => (await t.http().get('/users/me').set(m.auth)).status, 200),
    ).toBe(200);
  });

  it('takes operator rights from a demoted operator’s token and gives them to a promoted member', async () => {
    const m = await member(t);
    expect((await audit(m)()) as number).toBe(403);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [m.id]);
    // The token still says "member"; the database says operator.
    expect(await eventually(audit(m), 200)).toBe(200);
    await t.db.query(`UPDATE users SET role = 'member' WHERE id = $1`, [m.id]);
    expect(await eventually(audit(m), 403)).toBe(403);
  });

  it('reaches every API process: another process’s state follows changes before and after it started', async () => {
    const before = await member(t);
    const after = await member(t);
    await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [before.id]);
    const other = new AccessStateService(t.app.get(UsersService), loadConfig(), new SessionEnds());
    await other.onModuleInit();
    try {
      expect(other.isBlocked(before.id)).toBe(true);
      expect(other.isBlocked(after.id)).toBe(false);
      await t.db.query(`UPDATE users SET is_active = false, role = 'admin' WHERE id = $1`, [
        after.id,
      ]);
      for (let i = 0; i < 100 && !other.isBlocked(after.id); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(other.isBlocked(after.id)).toBe(true);
      expect(other.roleOf(after.id)).toBe('admin');
      expect(other.roleOf(before.id)).toBe('member');
    } finally {
      await other.onApplicationShutdown();
      await t.db.query(`UPDATE users SET role = 'member' WHERE id = $1`, [after.id]);
    }
  });

  it('recovers from a lost listening connection without missing a change', async () => {
    const m = await member(t);
    const other = new AccessStateService(t.app.get(UsersService), loadConfig(), new SessionEnds());
    await other.onModuleInit();
    try {
      // Kill the listener's backend, change the member meanwhile, then wait for the reconnect.
      await t.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE query = 'LISTEN user_access' AND datname = current_database() AND pid <> pg_backend_pid()`,
      );
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [m.id]);
      for (let i = 0; i < 150 && !other.isBlocked(m.id); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(other.isBlocked(m.id)).toBe(true);
    } finally {
      await other.onApplicationShutdown();
    }
  });
});
