import { TestApp, startApp } from '../support/harness';

/**
 * PUBLIC_RATE_LIMIT_PER_MINUTE: the reads anyone may send without signing in
 * share one budget per client address across every API process, then 429
 * with Retry-After; 0 turns it off.
 */
describe('public reads: a per-address rate limit shared by every API process', () => {
  const LIMIT = 3;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await startApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    two = await startApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it('counts the public reads of one address over both processes, then 429 with Retry-After', async () => {
    expect((await one.http().get('/packages')).status).toBe(200);
    expect((await two.http().get('/site')).status).toBe(200);
    expect((await one.http().get('/health/live')).status).toBe(200);

    const refused = await two.http().get('/packages');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await one.http().get('/bonus')).status).toBe(429);
  });
});

describe('public reads: PUBLIC_RATE_LIMIT_PER_MINUTE=0 turns the limit off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ PUBLIC_RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(() => t.close());

  it('answers every read', async () => {
    for (let i = 0; i < 12; i++) expect((await t.http().get('/packages')).status).toBe(200);
  });
});
