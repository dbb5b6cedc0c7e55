import { PasswordHasher } from '../../src/common/passwords';
import { TestApp, register, startApp, uniquePhone } from '../support/harness';

/**
 * Registration floods, lock-outs and the password checks around them, through
 * the real API with real argon2. With TRUST_PROXY on, X-Forwarded-For names
 * the client address, so one test can speak from many addresses.
 */
describe('account security', () => {
  const signIn = (t: TestApp, phone: string, password: string, from: string) =>
    t
      .http()
      .post('/token')
      .set('X-Forwarded-For', from)
      .type('form')
      .send({ username: phone, password });

  const timed = async <T>(work: Promise<T>) => {
    const started = Date.now();
    const result = await work;
    return { result, ms: Date.now() - started };
  };

  describe('a registration flood', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp({
        REGISTER_LIMIT_PER_HOUR: '0',
        PASSWORD_HASH_CONCURRENCY: '2',
        PASSWORD_HASH_QUEUE_MS: '2000',
      });
    });
    afterAll(() => t.close());

    it('keeps sign-in answering, never runs more hashes than the bound and never answers 500', async () => {
      const account = await register(t);
      const registrations = Array.from({ length: 80 }, () =>
        t.http().post('/users/').send({ email: uniquePhone(), password: 'secret12' }),
      ).map((test) => test.then((res) => res)); // sent now, awaited below
      // Let the flood fill the hash queue before the member arrives.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const member = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: account.phone, password: 'secret12' });
      const answers = await Promise.all(registrations);

      // Sign-in goes ahead of the queued registrations: had it waited out their
      // queue (2 s), it would have been answered 503.
      expect(member.status).toBe(200);
      expect(member.body.access_token).toEqual(expect.any(String));

      const statuses = answers.map((res) => res.status);
      expect(statuses.every((status) => [200, 429, 503].includes(status))).toBe(true);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
      for (const refused of answers.filter((res) => res.status !== 200)) {
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.body.code).toBe(
          refused.status === 503 ? 'SERVICE_UNAVAILABLE' : 'TOO_MANY_REQUESTS',
        );
      }
      const hasher = t.app.get(PasswordHasher);
      expect(hasher.peak).toBe(2);
    });
  });

  describe('the per-address registration limit', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp({ REGISTER_LIMIT_PER_HOUR: '3', TRUST_PROXY: 'true' });
    });
    afterAll(() => t.close());

    const registerFrom = (from: string) =>
      t
        .http()
        .post('/users/')
        .set('X-Forwarded-For', from)
        .send({ email: uniquePhone(), password: 'secret12' });

    it('answers 429 with Retry-After after the limit, for that address only', async () => {
      for (let i = 0; i < 3; i++) expect((await registerFrom('203.0.113.10')).status).toBe(200);
      const refused = await registerFrom('203.0.113.10');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        detail: 'Too many registrations from this address, try again later',
        code: 'TOO_MANY_REQUESTS',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect((await registerFrom('203.0.113.11')).status).toBe(200);
    });

    it('counts parallel registrations before hashing: no more than the limit get through', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => registerFrom('203.0.113.12')),
      );
      expect(answers.filter((res) => res.status === 200)).toHaveLength(3);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(5);
    });
  });

  describe('sign-in throttling across addresses', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp({
        TRUST_PROXY: 'true',
        LOGIN_MAX_FAILURES_PER_PHONE: '5',
        LOGIN_SLOWDOWN_AFTER: '4',
        LOGIN_SLOWDOWN_MS: '300',
        LOGIN_SLOWDOWN_MAX_MS: '600',
      });
    });
    afterAll(() => t.close());
    beforeEach(() => t.redis.flushdb());

    it("a stranger's failures lock out the stranger's address, not the owner", async () => {
      const account = await register(t);
      for (let i = 0; i < 5; i++) {
        expect((await signIn(t, account.phone, 'wrong', '198.51.100.1')).status).toBe(401);
      }
      const stranger = await signIn(t, account.phone, account.password, '198.51.100.1');
      expect(stranger.status).toBe(429);
      expect(stranger.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);

      const owner = await signIn(t, account.phone, account.password, '198.51.100.2');
      expect(owner.status).toBe(200);
      expect(owner.body.access_token).toEqual(expect.any(String));
    });

    it('slows attempts down after many failures from many addresses, but never refuses the owner', async () => {
      const account = await register(t);
      // Four failures: still under LOGIN_SLOWDOWN_AFTER, answered at once.
      for (let i = 1; i <= 4; i++) {
        const quick = await timed(signIn(t, account.phone, 'wrong', `198.51.100.${10 + i}`));
        expect(quick.result.status).toBe(401);
      }
      // The fifth and sixth wait 300 and 600 ms; later ones stay at the 600 ms cap.
      const fifth = await timed(signIn(t, account.phone, 'wrong', '198.51.100.20'));
      expect(fifth.result.status).toBe(401);
      expect(fifth.ms).toBeGreaterThanOrEqual(300);
      for (let i = 0; i < 4; i++) {
        const slowed = await timed(signIn(t, account.phone, 'wrong', `198.51.100.${30 + i}`));
        expect(slowed.result.status).toBe(401);
        expect(slowed.ms).toBeGreaterThanOrEqual(600);
      }
      const owner = await timed(signIn(t, account.phone, account.password, '198.51.100.40'));
      expect(owner.result.status).toBe(200);
      expect(owner.ms).toBeGreaterThanOrEqual(600);
      expect(owner.ms).toBeLessThan(5000);
    });

    it('keeps the per-address limit across phones', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await signIn(t, uniquePhone(), 'wrong', '198.51.100.60')).status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
      expect((await signIn(t, uniquePhone(), 'wrong', '198.51.100.61')).status).toBe(401);
    });
  });
});
