import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  MEMBER_DETAIL as DETAIL,
  serveConsole as serve,
  serveStaff,
  STAFF_TARGET,
} from '../../../test/console-serve';
import { signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { MemberPage } from './member-page';

describe('a member in the console', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('shows a member and deactivates only after a confirmation', async () => {
    const api = serve('support', ({ method, path }) =>
      method === 'POST' && path === '/admin/users/100042/deactivate'
        ? { status: 'applied', ...DETAIL, is_active: false }
        : undefined,
    );
    await renderWithApp([{ path: '/admin/members/:id', element: <MemberPage /> }], {
      at: '/admin/members/100042',
    });
    const detail = await screen.findByTestId('member-detail');
    expect(detail.textContent).toContain('+998901112233');
    expect(detail.textContent).toContain('2 / 1 / 0 · VIP1+ 1');
    expect(screen.getByText(/10\.0\.0\.7/)).toBeTruthy();
    expect(screen.queryByLabelText('Role')).toBeNull(); // support cannot change roles
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Confirm' });
    expect(confirm.textContent).toContain('Deactivate member 100042?');
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })),
    );
    await waitFor(() =>
      expect(screen.getByTestId('member-detail').textContent).toContain('deactivated'),
    );
  });

  it('issues a reset code for a member with a mailbox: says where it went, never the code', async () => {
    const api = serve('support', ({ method, path }) =>
      method === 'POST' && path === '/admin/users/100042/reset_code'
        ? { sent_to: 'a***@example.com', expires_at: '2026-11-20T10:10:00.000Z' }
        : undefined,
    );
    await renderWithApp([{ path: '/admin/members/:id', element: <MemberPage /> }], {
      at: '/admin/members/100042',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Issue a reset code' }));
    const confirm = screen.getByRole('group', { name: 'Confirm' });
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })),
    );
    expect((await screen.findByTestId('member-message')).textContent).toBe(
      'The code was mailed to the mailbox of member 100042: a***@example.com. Ask them to look there; nobody else sees the code.',
    );
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/admin/users/100042/reset_code',
    ]);
  });

  it('tells the admin a role change waits for a second admin instead of saying done', async () => {
    const api = serveStaff(2, ({ method, path }) => {
      if (path === '/admin/users/100050' && method === 'GET') return STAFF_TARGET;
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
