import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { STAFF_REQUEST as REQUEST, serveStaff as serve } from '../../../test/console-serve';
import { json, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { StaffPage } from './staff-page';

describe('staff changes in the console', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
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
});
