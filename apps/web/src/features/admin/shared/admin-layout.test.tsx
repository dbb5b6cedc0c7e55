import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { AdminLayout } from './admin-layout';

describe('the console layout, with its queues counted', () => {
  signedInApi();

  it('counts what waits on the navigation: withdrawals, reviews summed, money (held deposits and reconciler items)', async () => {
    setFetch(
      apiFetch(({ path }) =>
        path === '/users/me'
          ? { ...MEMBER, role: 'admin' }
          : path === '/admin/queues'
            ? {
                withdrawals: 3,
                card_deposits: 1,
                verifications: 2,
                reports: 0,
                held_deposits: 1,
                deposit_gaps: 4,
              }
            : undefined,
      ).fetch,
    );
    await renderWithApp([{ path: '/admin', element: <AdminLayout /> }], { at: '/admin' });
    const nav = await screen.findByRole('navigation', { name: 'Operator area' });
    const withdrawals = await within(nav).findByRole('link', { name: /Withdrawals/ });
    await waitFor(() => expect(within(withdrawals).getByLabelText('3 waiting')).toBeTruthy());
    const reviews = within(nav).getByRole('link', { name: /Reviews/ });
    expect(within(reviews).getByLabelText('3 waiting')).toBeTruthy();
    const money = within(nav).getByRole('link', { name: /Money/ });
    expect(within(money).getByLabelText('5 waiting')).toBeTruthy();
    // No count where nothing waits.
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).textContent).toBe('Dashboard');
  });
});
