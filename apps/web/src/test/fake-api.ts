import { vi } from 'vitest';

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
