import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  clearTokens,
  getDeviceId,
  getMe,
  getTokens,
  httpClient,
  login,
  onAuthLost,
  parseRetryAfter,
  resolveApiUrl,
  setApiBaseUrl,
  setFetch,
  setTokens,
} from '@app/contracts';

interface Call {
  url: string;
  method: string;
  auth: string | null;
  device: string | null;
  body: unknown;
  contentType: string | null;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const ME = { id: 7, nickname: '', email: '+998901234567', money: 12.5 };

/**
 * A fake API: access tokens "a1", "a2", ... are valid only when current;
 * refresh tokens "r1", "r2", ... rotate on each refresh.
 */
function fakeApi(options: { refreshFails?: boolean; refreshDelayMs?: number } = {}) {
  const calls: Call[] = [];
  let validAccess = 'a2';
  let refreshes = 0;
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({
      url,
      method: init?.method ?? 'GET',
      auth: headers.get('Authorization'),
      device: headers.get('X-Device-Id'),
      body: init?.body,
      contentType: headers.get('Content-Type'),
    });
    if (url.startsWith('/api/refresh_token')) {
      refreshes += 1;
      if (options.refreshDelayMs) await new Promise((r) => setTimeout(r, options.refreshDelayMs));
      if (options.refreshFails)
        return json(401, { detail: 'Invalid refresh token', code: 'INVALID_TOKEN' });
      validAccess = `a${refreshes + 2}`;
      return json(200, {
        access_token: validAccess,
        refresh_token: `r${refreshes + 2}`,
        token_type: 'bearer',
      });
    }
    if (url === '/api/token') {
      return json(401, { detail: 'Incorrect email or password', code: 'BAD_CREDENTIALS' });
    }
    if (headers.get('Authorization') !== `Bearer ${validAccess}`) {
      return json(401, { detail: 'Could not validate credentials', code: 'UNAUTHORIZED' });
    }
    if (url === '/api/users/me') return json(200, ME);
    if (url === '/api/users/') {
      return json(422, {
        detail: [{ loc: ['body', 'email'], msg: 'Invalid phone number', type: 'value_error' }],
        code: 'VALIDATION_ERROR',
      });
    }
    return json(404, { detail: 'Not Found', code: 'NOT_FOUND' });
  });
  return {
    impl,
    calls,
    expire: () => {
      validAccess = 'never';
    },
    refreshCalls: () => calls.filter((c) => c.url.startsWith('/api/refresh_token')),
  };
}

describe('http client', () => {
  beforeEach(() => {
    setApiBaseUrl('/api');
    clearTokens();
  });
  afterEach(() => {
    setFetch(undefined);
    clearTokens();
  });

  it('prefixes /api and sends the stored access token as a bearer header', async () => {
    const api = fakeApi();
    setFetch(api.impl);
    setTokens({ access: 'a2', refresh: 'r2' });

    await expect(getMe()).resolves.toEqual(ME);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].url).toBe('/api/users/me');
    expect(api.calls[0].auth).toBe('Bearer a2');
  });

  it('sends one device id, created once and kept, on every call, the refresh included', async () => {
    const api = fakeApi();
    setFetch(api.impl);
    setTokens({ access: 'a1-expired', refresh: 'r1' });
    await getMe();
    const device = getDeviceId();
    expect(device).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(api.calls.map((c) => c.url)).toContain('/api/refresh_token');
    expect(api.calls.every((c) => c.device === device)).toBe(true);
  });

  it('keeps the device id across page loads, and makes one when there is none', async () => {
    localStorage.setItem('device_id', 'kept-device-0001');
    vi.resetModules();
    expect((await import('@app/contracts')).getDeviceId()).toBe('kept-device-0001');
    localStorage.removeItem('device_id');
    vi.resetModules();
    const made = (await import('@app/contracts')).getDeviceId();
    expect(made).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(localStorage.getItem('device_id')).toBe(made);
    vi.resetModules();
    expect((await import('@app/contracts')).getDeviceId()).toBe(made);
  });

  it('persists tokens in localStorage', () => {
    setTokens({ access: 'Bearer a2', refresh: 'r2' });
    expect(JSON.parse(localStorage.getItem('tokens') ?? 'null')).toEqual({
      access: 'a2',
      refresh: 'r2',
    });
    clearTokens();
    expect(localStorage.getItem('tokens')).toBeNull();
    expect(getTokens()).toBeNull();
  });

  it('on a 401 refreshes once with the refresh token in the body (never the URL) and retries', async () => {
    const api = fakeApi();
    setFetch(api.impl);
    setTokens({ access: 'a1-expired', refresh: 'r1' });

    await expect(getMe()).resolves.toEqual(ME);

    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.refreshCalls()[0]).toMatchObject({
      url: '/api/refresh_token',
      method: 'POST',
      contentType: 'application/json',
      body: JSON.stringify({ refresh_token: 'r1' }),
    });
    expect(api.calls.map((c) => c.url)).toEqual([
      '/api/users/me',
      '/api/refresh_token',
      '/api/users/me',
    ]);
    expect(api.calls[2].auth).toBe('Bearer a3');
    expect(getTokens()).toEqual({ access: 'a3', refresh: 'r3' });
  });

  it('shares one refresh between concurrent 401s', async () => {
    const api = fakeApi({ refreshDelayMs: 20 });
    setFetch(api.impl);
    setTokens({ access: 'a1-expired', refresh: 'r1' });

    const results = await Promise.all([getMe(), getMe(), getMe(), getMe()]);

    expect(results).toEqual([ME, ME, ME, ME]);
    expect(api.refreshCalls()).toHaveLength(1);
    const retries = api.calls.filter((c) => c.url === '/api/users/me' && c.auth === 'Bearer a3');
    expect(retries).toHaveLength(4);
  });

  it('retries only once: a second 401 reaches the caller', async () => {
    const api = fakeApi();
    setFetch(async (input, init) => {
      const response = await api.impl(input, init);
      if (String(input).startsWith('/api/refresh_token')) api.expire();
      return response;
    });
    setTokens({ access: 'a1-expired', refresh: 'r1' });

    const error = await getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.calls.filter((c) => c.url === '/api/users/me')).toHaveLength(2);
  });

  it("passes 'Incorrect email or password' back without a refresh", async () => {
    const api = fakeApi();
    setFetch(api.impl);
    setTokens({ access: 'a2', refresh: 'r2' });

    const error = await login({ username: '+998901234567', password: 'nope' }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('BAD_CREDENTIALS');
    expect((error as ApiError).detail).toBe('Incorrect email or password');
    expect(api.refreshCalls()).toHaveLength(0);
    expect(getTokens()).toEqual({ access: 'a2', refresh: 'r2' });
  });

  it('does not refresh on that detail from any path either', async () => {
    const impl = vi.fn(async () =>
      json(401, { detail: 'Incorrect email or password', code: 'BAD_CREDENTIALS' }),
    );
    setFetch(impl);
    setTokens({ access: 'a2', refresh: 'r2' });

    await expect(httpClient({ url: '/users/me', method: 'GET' })).rejects.toBeInstanceOf(ApiError);
    expect(impl).toHaveBeenCalledTimes(1);
  });

  it('sends POST /token form-encoded', async () => {
    const api = fakeApi();
    setFetch(api.impl);

    await login({ username: '+998901234567', password: 'secret' }).catch(() => undefined);

    const call = api.calls[0];
    expect(call.method).toBe('POST');
    expect(call.contentType).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(call.body));
    expect(form.get('username')).toBe('+998901234567');
    expect(form.get('password')).toBe('secret');
  });

  it('clears the tokens and notifies onAuthLost when the refresh fails', async () => {
    const api = fakeApi({ refreshFails: true });
    setFetch(api.impl);
    setTokens({ access: 'a1-expired', refresh: 'r1' });
    const lost = vi.fn();
    const stop = onAuthLost(lost);

    const error = await getMe().catch((e: unknown) => e);
    stop();

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(lost).toHaveBeenCalledTimes(1);
    expect(getTokens()).toBeNull();
    expect(localStorage.getItem('tokens')).toBeNull();
    expect(api.calls.filter((c) => c.url === '/api/users/me')).toHaveLength(1);
  });

  it('does not refresh for an anonymous caller', async () => {
    const api = fakeApi();
    setFetch(api.impl);

    await expect(getMe()).rejects.toMatchObject({ status: 401 });
    expect(api.refreshCalls()).toHaveLength(0);
  });

  it('turns a 422 into an ApiError carrying the issue list', async () => {
    const api = fakeApi();
    setFetch(api.impl);
    setTokens({ access: 'a2', refresh: 'r2' });

    const error = (await httpClient({
      url: '/users/',
      method: 'POST',
      data: { email: 'x', password: 'y', invite_code: 0 },
    }).catch((e: unknown) => e)) as ApiError;

    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.detail).toEqual([
      { loc: ['body', 'email'], msg: 'Invalid phone number', type: 'value_error' },
    ]);
    expect(api.calls[0].contentType).toBe('application/json');
    expect(JSON.parse(String(api.calls[0].body))).toEqual({
      email: 'x',
      password: 'y',
      invite_code: 0,
    });
  });

  it('honours setApiBaseUrl', async () => {
    const impl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json(200, { ok: true }),
    );
    setFetch(impl);
    setApiBaseUrl('http://127.0.0.1:3101/');

    await httpClient({ url: '/health', method: 'GET', params: { a: 1, b: undefined } });
    expect(impl.mock.calls[0][0]).toBe('http://127.0.0.1:3101/health?a=1');
  });
});

describe('resolveApiUrl', () => {
  afterEach(() => setApiBaseUrl('/api'));

  it('puts API-relative paths under the base and leaves others alone', () => {
    setApiBaseUrl('/api');
    expect(resolveApiUrl('/static/trailers/1.svg')).toBe('/api/static/trailers/1.svg');
    expect(resolveApiUrl('/api/static/trailers/1.svg')).toBe('/api/static/trailers/1.svg');
    expect(resolveApiUrl('https://cdn.example/p.jpg')).toBe('https://cdn.example/p.jpg');
  });

  it('reads Retry-After of a refusal into the error', async () => {
    setFetch(
      async () =>
        new Response(JSON.stringify({ detail: 'Too many', code: 'TOO_MANY_ATTEMPTS' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
        }),
    );
    const error = (await getMe().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(429);
    expect(error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T03:00:00Z');
    expect(parseRetryAfter('90', now)).toBe(90);
    expect(parseRetryAfter('Thu, 26 Nov 2026 03:01:00 GMT', now)).toBe(60);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
