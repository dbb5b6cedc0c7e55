import { setFetch } from '@app/contracts';
import { MEMBER, PACKAGES, apiFetch } from './fake-api';

/**
 * What the console's screens read, shared by the tests of several console
 * areas (features/admin/<area>), which may not import each other.
 */

/** A member as the members list shows them, and their page (GET /admin/users/100042). */
export const MEMBER_ROW = {
  id: 100042,
  phone: '+998901112233',
  nickname: 'Aziz',
  role: 'member',
  is_active: true,
  vip_level: 1,
  vip_expire: null,
  verification: 'none',
  mail: null,
  inviter_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  money: 12.5,
  points: 0,
};
export const MEMBER_DETAIL = {
  ...MEMBER_ROW,
  points_hold: 0,
  team: { level1: 2, level2: 1, level3: 0, active: 1 },
  records: [],
  postings: [
    {
      id: 1,
      transaction_id: 9,
      kind: 'adjustment',
      account: 'money',
      currency: 'USDT',
      amount: 12.5,
      memo: {},
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  logins: [
    {
      id: 'a',
      ip: '10.0.0.7',
      created_at: '2026-11-20T10:00:00.000Z',
      revoked_at: null,
      revoked_reason: null,
    },
  ],
};

export function serveConsole(
  role = 'admin',
  extra: (r: { method: string; path: string }) => unknown = () => undefined,
) {
  const api = apiFetch((request) => {
    if (request.path === '/users/me') return { ...MEMBER, role };
    if (request.path === '/admin/users')
      return {
        items: [MEMBER_ROW],
        total: 41,
        page: Number(request.query.get('page') ?? 1),
        limit: 20,
      };
    if (request.path === '/admin/users/100042' && request.method === 'GET') return MEMBER_DETAIL;
    if (request.path === '/packages') return PACKAGES;
    if (request.path === '/admin/team_rates') return { level1: 10, level2: 5, level3: 2 };
    if (request.path === '/admin/economy/history') return [];
    return extra(request);
  });
  setFetch(api.fetch);
  return api;
}

/** A raise of V2's reward waiting for a second admin: 0.88 in force, 0.8 approved. */
export const ECONOMY_CHANGE = {
  id: 31,
  target: 'package',
  target_id: 2,
  before: { ...PACKAGES[2], reward_per_trailer: 0.88 },
  after: { ...PACKAGES[2], reward_per_trailer: 1.6 },
  baseline: PACKAGES[2],
  proposed_by: 100000,
  status: 'pending',
  decided_by: null,
  decided_at: null,
  created_at: '2026-11-25T10:00:00.000Z',
  approvals: [
    {
      operator_id: 100000,
      role: 'admin',
      amount: 0,
      over_cap: false,
      created_at: '2026-11-25T10:00:00.000Z',
    },
  ],
  awaiting_second_approval: true,
};

/** A staff change waiting for a second admin, one decided, and the member it concerns. */
export const STAFF_REQUEST = {
  id: 7,
  target_user_id: 100050,
  target_phone: '+998901110000',
  target_nickname: 'Puppet',
  change: 'role',
  role: 'admin',
  before_role: 'member',
  before_active: true,
  requested_by: 100001,
  status: 'pending',
  decided_by: null,
  decided_at: null,
  created_at: '2026-12-01T10:00:00.000Z',
};
export const STAFF_DECIDED = {
  ...STAFF_REQUEST,
  id: 5,
  change: 'deactivate',
  role: null,
  before_role: 'finance',
  status: 'approved',
  decided_by: 100002,
  decided_at: '2026-12-01T11:00:00.000Z',
};
export const STAFF_TARGET = {
  id: 100050,
  phone: '+998901110000',
  nickname: 'Puppet',
  role: 'member',
  is_active: true,
  vip_level: 0,
  vip_expire: null,
  verification: 'none',
  mail: null,
  inviter_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  money: 0,
  points: 0,
  points_hold: 0,
  team: { level1: 0, level2: 0, level3: 0, active: 0 },
  records: [],
  postings: [],
  logins: [],
};

export function serveStaff(
  activeAdmins: number,
  extra: (r: { method: string; path: string; query: URLSearchParams }) => unknown = () => undefined,
) {
  const api = apiFetch((request) => {
    if (request.path === '/users/me') return { ...MEMBER, id: 100002, role: 'admin' };
    if (request.path === '/admin/staff_requests/overview')
      return { active_admins: activeAdmins, pending_requests: 1 };
    if (request.path === '/admin/staff_requests' && request.method === 'GET')
      return request.query.get('status') === 'pending'
        ? [STAFF_REQUEST]
        : [STAFF_REQUEST, STAFF_DECIDED];
    return extra(request);
  });
  setFetch(api.fetch);
  return api;
}
