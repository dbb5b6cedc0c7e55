import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { StatementPage } from './statement-page';

const item = (id: number, kind: string, account: string, amount: number, balance: number) => ({
  id,
  created_at: '2026-11-25T08:00:00.000Z',
  kind,
  account,
  amount,
  balance_after: balance,
  reference: kind === 'reward' ? 'trailer:3' : null,
});

describe('<StatementPage>', () => {
  signedInApi();

  it('lists movements with the balance after each, filters by account and kind, loads older pages', async () => {
    const api = apiFetch(({ path, query }) => {
      if (path !== '/users/me/statement') return undefined;
      if (query.get('account') === 'points')
        return { items: [item(9, 'transfer', 'points', 1.5, 1.5)], next_before: null };
      if (query.get('before') === '8')
        return { items: [item(5, 'deposit', 'money', 300, 300)], next_before: null };
      return {
        items: [item(10, 'reward', 'money', 1.6, 81.6), item(8, 'purchase', 'money', -200, 80)],
        next_before: 8,
      };
    });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/mine/statement', element: <StatementPage /> }], {
      at: '/mine/statement',
    });
    const rows = await screen.findAllByTestId('statement-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Watch reward+1.60 USDT'),
      expect.stringContaining('Package purchase-200.00 USDT'),
    ]);
    expect(rows[0].textContent).toContain('Balance 81.60');
    expect(rows[0].textContent).toContain('trailer:3');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(screen.getAllByTestId('statement-row')).toHaveLength(3));
    expect(screen.getAllByTestId('statement-row')[2].textContent).toContain('Deposit+300.00 USDT');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Account' }), {
        target: { value: 'points' },
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('statement-row').map((row) => row.textContent)).toEqual([
        expect.stringContaining('Transfer to points+1.50'),
      ]),
    );
    expect(screen.getByTestId('location').textContent).toBe('/mine/statement?account=points');

    await act(async () =>
      fireEvent.change(screen.getByRole('combobox', { name: 'Movement' }), {
        target: { value: 'transfer' },
      }),
    );
    await waitFor(() =>
      expect(
        api.requests.some(
          (r) => r.query.get('kind') === 'transfer' && r.query.get('account') === 'points',
        ),
      ).toBe(true),
    );
  });

  it('says when there is nothing yet, and takes the account from the address', async () => {
    const api = apiFetch(({ path }) =>
      path === '/users/me/statement' ? { items: [], next_before: null } : undefined,
    );
    setFetch(api.fetch);
    await renderWithApp([{ path: '/mine/statement', element: <StatementPage /> }], {
      at: '/mine/statement?account=points_hold',
    });
    expect(await screen.findByText('No movements yet')).toBeTruthy();
    expect(api.requests[0].query.get('account')).toBe('points_hold');
  });
});
