import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { DashboardPage } from './dashboard-page';
import { MemberPage } from './member-page';
import { StaffPage } from './staff-page';

const REQUEST = {
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
const DECIDED = {
  ...REQUEST,
  id: 5,
  change: 'deactivate',
  role: null,
  before_role: 'finance',
  status: 'approved',
  decided_by: 100002,
  decided_at: '2026-12-01T11:00:00.000Z',
};
const DETAIL = {
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

function serve(
  activeAdmins: number,
  extra: (r: { method: string; path: string; query: URLSearchParams }) => unknown = () => undefined,
) {
  const api = apiFetch((request) => {
    if (request.path === '/users/me') return { ...MEMBER, id: 100002, role: 'admin' };
    if (request.path === '/admin/staff_requests/overview')
      return { active_admins: activeAdmins, pending_requests: 1 };
    if (request.path === '/admin/staff_requests' && request.method === 'GET')
      return request.query.get('status') === 'pending' ? [REQUEST] : [REQUEST, DECIDED];
    return extra(request);
  });
  setFetch(api.fetch);
  return api;
}

describe('staff changes in the console', () => {
  signedInApi();
  beforeAll(() => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('lists what waits for a second admin in plain words and approves after a confirmation', async () => {
    const api = serve(2, ({ method, path }) =>
      method === 'POST' && path === '/admin/staff_requests/7/approve'
        ? { ...REQUEST, status: 'approved', decided_by: 100002 }
        : undefined,
    );
    await renderWithApp([{ path: '/admin/staff', element: <StaffPage /> }], {
      at: '/admin/staff',
    });
    const row = await screen.findByTestId('staff-request');
    expect(row.textContent).toContain('#7 · role member → admin');
    expect(row.textContent).toContain('Puppet · +998901110000 (#100050)');
    expect(row.textContent).toContain('asked by #100001');
    expect(screen.queryByTestId('one-admin-notice')).toBeNull();
    const decided = await screen.findByTestId('staff-decided');
    expect(decided.textContent).toContain('deactivate (finance)');
    expect(decided.textContent).toContain('approved by #100002');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Approve request #7 (role member → admin, member 100050)?',
    );
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    expect(await screen.findByText('Request #7 approved: the change applies now.')).toBeTruthy();
  });

  it("says why an approval is refused (the asker's own, or a new operator cooling off)", async () => {
    serve(2, ({ method, path }) =>
      method === 'POST' && path === '/admin/staff_requests/7/approve'
        ? json(403, { detail: 'A newly appointed operator', code: 'OPERATOR_COOLING_OFF' })
        : undefined,
    );
    await renderWithApp([{ path: '/admin/staff', element: <StaffPage /> }], {
      at: '/admin/staff',
    });
    const row = await screen.findByTestId('staff-request');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A newly appointed operator cannot approve yet',
    );
  });

  it('warns on the dashboard and the staff page when one admin alone decides', async () => {
    serve(1, ({ path }) =>
      path === '/admin/dashboard'
        ? {
            days: [],
            package_sales: [],
            solvency: { liabilities: 0, assets: 0, scanner_lag_blocks: 0 },
            queues: [],
          }
        : undefined,
    );
    await renderWithApp([{ path: '/admin', element: <DashboardPage /> }], { at: '/admin' });
    expect((await screen.findByTestId('one-admin-notice')).textContent).toContain(
      'This club has one active admin',
    );
    expect(screen.getByTestId('staff-waiting').textContent).toContain(
      'Staff changes waiting for a second admin: 1',
    );
  });

  it('tells the admin a role change waits for a second admin instead of saying done', async () => {
    const api = serve(2, ({ method, path }) => {
      if (path === '/admin/users/100050' && method === 'GET') return DETAIL;
      if (path === '/admin/users/100050/role' && method === 'POST')
        return { status: 'awaiting_second_admin', request_id: 7 };
      return undefined;
    });
    await renderWithApp([{ path: '/admin/members/:id', element: <MemberPage /> }], {
      at: '/admin/members/100050',
    });
    fireEvent.change(await screen.findByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change role' }));
    const confirm = screen.getByRole('group', { name: 'Confirm' });
    expect(confirm.textContent).toContain('Make member 100050 admin?');
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })),
    );
    const message = await screen.findByTestId('member-message');
    expect(message.textContent).toContain('Waiting for a second admin: request #7');
    expect(within(message).getByRole('link').getAttribute('href')).toBe('/admin/staff');
    await waitFor(() =>
      expect(api.requests.some((r) => r.path === '/admin/users/100050/role')).toBe(true),
    );
    // Nothing changed: the member is still shown as a member.
    expect(screen.getByTestId('member-detail').textContent).toContain('member');
  });
});
