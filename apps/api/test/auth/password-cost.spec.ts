import { hashPassword } from '../../src/common/passwords';
import { ConfigError, loadConfig } from '../../src/config/config';
import { UsersService } from '../../src/modules/users/users.service';
import { TestApp, login, register, startApp } from '../support/harness';

/** Issue 41: argon2id at OWASP's 19 MiB and 2 passes, older hashes remade at sign-in. */
describe('password hashing cost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const storedHash = async (id: number): Promise<string> =>
    (await t.db.query('SELECT password_hash FROM users WHERE id = $1', [id]))[0].password_hash;

  /** The stored hash once it is no longer `previous` (the upgrade runs after sign-in answers). */
  async function hashOnceChanged(id: number, previous: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const hash = await storedHash(id);
      if (hash !== previous) return hash;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return previous;
  }

  it('hashes a new password with argon2id, 19 MiB, 2 passes, one lane', async () => {
    const account = await register(t);
    expect(await storedHash(account.id)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it("remakes a 64 MiB hash at today's cost after a good sign-in, and the password still works", async () => {
    const account = await register(t);
    const old = await hashPassword(account.password, { memoryKib: 65_536, passes: 3 });
    await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [account.id, old]);

    const wrong = await t
      .http()
      .post('/token')
      .type('form')
      .send({ username: account.phone, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storedHash(account.id)).toBe(old);

    await login(t, account.phone, account.password);
    const remade = await hashOnceChanged(account.id, old);
    expect(remade).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    await login(t, account.phone, account.password);
  });

  it('keeps a password changed while the upgrade was being made', async () => {
    const account = await register(t);
    const changed = await storedHash(account.id);
    await t.app.get(UsersService).upgradePasswordHash(account.id, 'a-hash-no-longer-stored', 'x');
    expect(await storedHash(account.id)).toBe(changed);
  });

  it("refuses a cost below OWASP's minimum for its passes", () => {
    const env = { NODE_ENV: 'test' };
    expect(() =>
      loadConfig({ ...env, PASSWORD_HASH_MEMORY_KIB: '16384', PASSWORD_HASH_PASSES: '2' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ ...env, PASSWORD_HASH_MEMORY_KIB: '47103', PASSWORD_HASH_PASSES: '1' }),
    ).toThrow(/47104 KiB/);
    const fourPasses = loadConfig({
      ...env,
      PASSWORD_HASH_MEMORY_KIB: '9216',
      PASSWORD_HASH_PASSES: '4',
    });
    expect(fourPasses.PASSWORD_HASH_MEMORY_KIB).toBe(9216);
    expect(loadConfig(env).PASSWORD_HASH_MEMORY_KIB).toBe(19_456);
    expect(loadConfig(env).PASSWORD_HASH_PASSES).toBe(2);
  });
});
