import { setTimeout as sleep } from 'node:timers/promises';
import { TestApp, member, operator, startApp } from '../support/harness';

/**
 * Guessable secrets on two API instances sharing PostgreSQL and Redis: every
 * attempt is counted before its check, so parallel guesses never buy more
 * than the limit, and past the limit even the right secret is refused (429).
 */
describe('guessing secrets in parallel, on two API instances', () => {
  const LIMIT = 5;
  const settings = {
    TRANSACTION_PASSWORD_MAX_FAILURES: String(LIMIT),
    LOGIN_MAX_FAILURES_PER_PHONE: String(LIMIT),
    LOGIN_SLOWDOWN_AFTER: '0',
    MAIL_CODE_MAX_TRIES: String(LIMIT),
    PASSWORD_RESET_LIMIT_PER_HOUR: '0',
    // Every guess waits its turn at the password hash, however busy the machine (no 503).
    PASSWORD_HASH_QUEUE_MS: '0',
  };
  let a: TestApp;
  let b: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    a = await startApp(settings);
    b = await startApp(settings);
    admin = await operator(a);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** Alternates the instances, as a load balancer would. */
  const on = (i: number) => (i % 2 === 0 ? a : b);
  const statuses = (answers: { status: number }[]) =>
    answers.map((r) => r.status).sort((x, y) => x - y);

  /**
   * Wrong guesses sent at once, then the right one while they are still being
   * checked: as soon as `counted` shows the limit's worth of attempts (counting
   * comes before the slow hash), or after 150 ms at most, well before the
   * guesses' hashes are done (the old code counted only after them).
   */
  async function batch<T>(
    wrong: (i: number) => PromiseLike<T>,
    right: () => PromiseLike<T>,
    count: number,
    counted: () => Promise<number>,
  ): Promise<{ wrong: T[]; right: T }> {
    // Supertest sends when awaited: Promise.resolve starts each guess now.
    const guesses = Array.from({ length: count }, (_, i) => Promise.resolve(wrong(i)));
    const until = Date.now() + 150;
    while (Date.now() < until && (await counted()) < LIMIT) await sleep(5);
    const [rightAnswer, ...wrongAnswers] = await Promise.all([right(), ...guesses]);
    return { wrong: wrongAnswers, right: rightAnswer };
  }

  describe('the transaction password', () => {
    const change = (i: number, m: { auth: Record<string, string> }, old: string) =>
      on(i)
        .http()
        .post('/users/transaction_password')
        .set(m.auth)
        .send({ password: `new-pay-${i}`, old_password: old });
    const setFirst = (m: { auth: Record<string, string> }) =>
      a
        .http()
        .post('/users/transaction_password')
        .set(m.auth)
        .send({ password: 'pay-123456' })
        .expect(200);

    it('checks at most the limit of 10 parallel wrong guesses', async () => {
      const m = await member(a);
      await setFirst(m);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => change(i, m, `guess-${i}`)),
      );
      const checked = answers.filter((r) => r.body.code === 'INCORRECT_TRANSACTION_PASSWORD');
      const refused = answers.filter((r) => r.status === 429);
      expect(checked.length).toBe(LIMIT);
      expect(refused.length).toBe(10 - LIMIT);
      for (const r of refused) expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses the right one sent after 7 wrong ones in the same batch', async () => {
      const m = await member(a);
      await setFirst(m);
      const { wrong, right } = await batch(
        (i) => change(i, m, `guess-${i}`),
        () => change(1, m, 'pay-123456'),
        7,
        async () => Number(await a.redis.get(`txpass:fail:${m.id}`)),
      );
      expect(statuses(wrong)).toEqual([400, 400, 400, 400, 400, 429, 429]);
      expect(right.status).toBe(429);
      expect(right.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('signing in', () => {
    const signIn = (i: number, phone: string, password: string) =>
      on(i).http().post('/token').type('form').send({ username: phone, password });

    it('checks at most the limit of 10 parallel wrong guesses', async () => {
      const m = await member(a);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => signIn(i, m.phone, `guess-${i}`)),
      );
      expect(answers.filter((r) => r.body.code === 'BAD_CREDENTIALS').length).toBe(LIMIT);
      expect(answers.filter((r) => r.status === 429).length).toBe(10 - LIMIT);
    });

    it('refuses the right one sent after 7 wrong ones in the same batch', async () => {
      const m = await member(a);
      const { wrong, right } = await batch(
        (i) => signIn(i, m.phone, `guess-${i}`),
        () => signIn(1, m.phone, m.password),
        7,
        async () => {
          const [pair] = await a.redis.keys(`login-attempts:pair:*:${m.phone}`);
          return pair ? Number(await a.redis.get(pair)) : 0;
        },
      );
      expect(statuses(wrong)).toEqual([401, 401, 401, 401, 401, 429, 429]);
      expect(right.status).toBe(429);
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('a reset code', () => {
    const code = async (id: number) => {
      const res = await a.http().post(`/admin/users/${id}/reset_code`).set(admin).expect(200);
      return res.body.code as string;
    };
    const reset = (i: number, phone: string, guess: string) =>
      on(i)
        .http()
        .post('/password/reset')
        .send({ email: phone, code: guess, password: 'new-secret-1' });
    const wrongCode = (right: string, i: number) => {
      const guess = String(i).padStart(6, '0');
      return guess === right ? '999999' : guess;
    };

    it('checks at most the limit of 10 parallel wrong guesses', async () => {
      const m = await member(a);
      const right = await code(m.id);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => reset(i, m.phone, wrongCode(right, i))),
      );
      expect(answers.filter((r) => r.body.code === 'INVALID_CODE').length).toBe(LIMIT);
      expect(answers.filter((r) => r.status === 429).length).toBe(10 - LIMIT);
    });

    it('refuses the right one sent after 7 wrong ones in the same batch, until a new code', async () => {
      const m = await member(a);
      const right = await code(m.id);
      const { wrong, right: answer } = await batch(
        (i) => reset(i, m.phone, wrongCode(right, i)),
        () => reset(1, m.phone, right),
        7,
        async () => {
          const [code] = await a.db.query(
            `SELECT tries FROM one_time_codes WHERE user_id = $1 AND used_at IS NULL ORDER BY id DESC LIMIT 1`,
            [m.id],
          );
          return Number(code?.tries ?? 0);
        },
      );
      expect(statuses(wrong)).toEqual([400, 400, 400, 400, 400, 429, 429]);
      expect(answer.status).toBe(429);
      expect(answer.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      // The old password still signs in; a new code works.
      await a
        .http()
        .post('/token')
        .type('form')
        .send({ username: m.phone, password: m.password })
        .expect(200);
      const fresh = await code(m.id);
      await reset(0, m.phone, fresh).expect(200);
    });
  });
});
