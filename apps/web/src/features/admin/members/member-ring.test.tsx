import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { MemberPage } from './member-page';

const RING = {
  id: 4,
  members: [100114, 100115, 100116],
  signals: [
    { kind: 'device', value_hint: '…a1b2c3', members: 3 },
    { kind: 'funding_address', value_hint: 'TQ5xk…9kPzA', members: 3 },
    { kind: 'network', value_hint: '203.0.113.0/24', members: 3 },
    { kind: 'invite', value_hint: '100114', members: 2 },
  ],
  held_usdt: 0.25,
  held_points: 15,
  status: 'open',
  found_at: '2026-12-01T10:00:00.000Z',
  changed_at: '2026-12-01T10:00:00.000Z',
  decided_at: null,
  pending: [],
};

const DETAIL = {
  id: 100115,
  phone: '+998901110000',
  nickname: null,
  role: 'member',
  is_active: true,
  vip_level: 1,
  vip_expire: null,
  verification: 'none',
  mail: null,
  inviter_id: 100114,
  created_at: '2026-11-20T10:00:00.000Z',
  money: 10,
  points: 0,
  points_hold: 1,
  team: { level1: 0, level2: 0, level3: 0, active: 0 },
  records: [],
  postings: [],
  logins: [],
};

function serve(role: string) {
  const api = apiFetch((request) => {
    if (request.path === '/users/me') return { ...MEMBER, id: 100002, role };
    if (request.path === '/admin/risk/rings' && request.method === 'GET')
      return request.query.get('member_id') === '100999' ? [] : [RING];
    if (request.path === '/admin/users/100115') return DETAIL;
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

describe("the member's ring on the member page", () => {
  signedInApi();
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it("shows the member's ring on the member page, to admins and finance", async () => {
    serve('admin');
    await renderWithApp([{ path: '/admin/members/:id', element: <MemberPage /> }], {
      at: '/admin/members/100115',
    });
    expect((await screen.findByTestId('member-ring')).textContent).toContain(
      'In ring #4 (Waiting for review) with 3 members; held 0.25 USDT and 15.00 points.',
    );
  });

  it('does not ask support operators for rings', async () => {
    const api = serve('support');
    await renderWithApp([{ path: '/admin/members/:id', element: <MemberPage /> }], {
      at: '/admin/members/100115',
    });
    await screen.findByTestId('member-detail');
    expect(screen.queryByTestId('member-ring')).toBeNull();
    expect(api.requests.some((r) => r.path === '/admin/risk/rings')).toBe(false);
  });
});
