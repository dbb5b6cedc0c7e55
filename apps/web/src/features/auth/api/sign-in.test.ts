import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearTokens,
  getGetMeQueryKey,
  getMe,
  login,
  setApiBaseUrl,
  setFetch,
} from '@app/contracts';
import { meQueryKey, requestMe, requestTokens } from './sign-in';

/** What a call put on the wire: URL, method, headers and body as text. */
async function sent(call: () => Promise<unknown>) {
  const fetch = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ ok: true }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  setFetch(fetch);
  await call();
  expect(fetch).toHaveBeenCalledTimes(1);
  const [input, init] = fetch.mock.calls[0];
  return {
    url: String(input),
    method: init?.method,
    headers: [...new Headers(init?.headers).entries()],
    body: init?.body === undefined ? undefined : String(init.body),
  };
}

describe('the sign-in calls', () => {
  beforeEach(() => {
    setApiBaseUrl('/api');
    clearTokens();
  });
  afterEach(() => setFetch(undefined));

  it('POST /token exactly as the generated login does', async () => {
    const form = { username: '+998 90 123-45-67', password: 'p&ss=word +1' };
    const ours = await sent(() => requestTokens(form));
    expect(ours).toEqual(await sent(() => login(form)));
    expect(ours).toMatchObject({ url: '/api/token', method: 'POST' });
  });

  it('GET /users/me exactly as the generated getMe does, with the given headers', async () => {
    const options = { headers: { Authorization: 'Bearer acc' } };
    const ours = await sent(() => requestMe(options));
    expect(ours).toEqual(await sent(() => getMe(options)));
    expect(ours).toMatchObject({ url: '/api/users/me', method: 'GET' });
    expect(ours.headers).toContainEqual(['authorization', 'Bearer acc']);
  });

  it('caches the member under the generated useGetMe key', () => {
    expect(meQueryKey()).toEqual(getGetMeQueryKey());
  });
});
