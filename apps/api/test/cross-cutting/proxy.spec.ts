import { randomInt } from 'node:crypto';
import { TestApp, startApp, uniquePhone } from '../support/harness';

/** Behind one proxy (compose: nginx) the API believes that proxy's hop only. */
describe('security: the per-address sign-in limit behind a proxy', () => {
  let t: TestApp;
  const saved = { ...process.env };
  beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    t = await startApp();
  });
  afterAll(async () => {
    await t.close();
    process.env = saved;
  });

  const attempt = (forwardedFor: string) =>
    t
      .http()
      .post('/token')
      .set('X-Forwarded-For', forwardedFor)
      .type('form')
      .send({ username: uniquePhone(), password: 'wrong' });

  it('counts the address the proxy saw, whatever the client forged before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const forged = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
      statuses.push((await attempt(`${forged}, 203.0.113.7`)).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await attempt('198.51.100.9')).status).toBe(401);
  });
});

/**
 * Issue 42: a hop count believes X-Forwarded-For from any peer. Named by its
 * addresses, the proxy alone is believed: a client that reaches the API's port
 * past it (here from loopback, outside `uniquelocal`) is counted at its own
 * address, whatever it forges.
 */
describe('security: a client past the proxy cannot pick its address', () => {
  let t: TestApp;
  const saved = { ...process.env };
  beforeAll(async () => {
    process.env.TRUST_PROXY = 'uniquelocal';
    t = await startApp();
  });
  afterAll(async () => {
    await t.close();
    process.env = saved;
  });

  it('counts its own address, not the ones it forges', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const forged = `203.0.${randomInt(256)}.${randomInt(256)}`;
      statuses.push(
        (
          await t
            .http()
            .post('/token')
            .set('X-Forwarded-For', forged)
            .type('form')
            .send({ username: uniquePhone(), password: 'wrong' })
        ).status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
