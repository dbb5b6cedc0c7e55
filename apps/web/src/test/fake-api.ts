import { afterEach, beforeEach, vi } from 'vitest';
import { clearTokens, setApiBaseUrl, setFetch, setTokens } from '@app/contracts';
import { DEFAULT_ECONOMY, microToNumber } from '@app/domain';

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const MEMBER = {
  id: 42,
  nickname: null,
  email: '+998901234567',
  money: 12.5,
  points: 3.456789,
  points_hold: 0,
  vip_level: 0,
  vip_expire: null,
  is_active: true,
  inviter_id: null,
  team_earn: 1,
  total_earn: 100.999,
  role: 'member',
};

/** A fetch answering GET routes from a table; anything else is a 404. */
export function fakeFetch(routes: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    if (path in routes) return json(200, routes[path]);
    return json(404, { detail: 'Not Found', code: 'NOT_FOUND' });
  });
}

/** The API's GET /packages answer for the default economy. */
export const PACKAGES = DEFAULT_ECONOMY.map((tier) => ({
  vip_level: tier.vipLevel,
  price: microToNumber(tier.price),
  daily_trailers: tier.dailyTrailers,
  reward_per_trailer: microToNumber(tier.rewardPerTrailer),
  membership_days: tier.membershipDays,
}));

export interface FakeRequest {
  method: string;
  /** Without the /api prefix and the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/**
 * A fetch whose answers come from `handle`: a Response is sent as is,
 * undefined is a 404, anything else is a 200 JSON body. Every request is kept.
 */
export function apiFetch(handle: (request: FakeRequest) => unknown) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = handle(request);
    if (answer instanceof Response) return answer;
    if (answer === undefined) return json(404, { detail: 'Not Found', code: 'NOT_FOUND' });
    return json(200, answer);
  });
  return { fetch, requests };
}

/** A membership that runs for another 30 days. */
export function activeVip(level: number) {
  return { vip_level: level, vip_expire: new Date(Date.now() + 30 * 86_400_000).toISOString() };
}

/**
 * Call inside a describe: each test starts signed in against the `/api` base
 * and ends with no fake fetch and no tokens left behind.
 */
export function signedInApi() {
  beforeEach(() => {
    setApiBaseUrl('/api');
    setTokens({ access: 'a', refresh: 'r' });
  });
  afterEach(() => {
    setFetch(undefined);
    clearTokens();
  });
}
