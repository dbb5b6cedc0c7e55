import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch, type StatementDetails } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { StatementPage } from './statement-page';

const NO_DETAILS: StatementDetails = {
  trailer_id: null,
  trailer_title: null,
  team_level: null,
  from_member_id: null,
  from_member_name: null,
  vip_level: null,
  tx_id: null,
  wallet: null,
};
const item = (
  id: number,
  kind: string,
  account: string,
  amount: number,
  balance: number,
  details: Partial<StatementDetails> = {},
  reference: string | null = kind === 'reward' ? 'trailer:3' : null,
) => ({
  id,
  created_at: '2026-11-25T08:00:00.000Z',
  kind,
  account,
  amount,
  balance_after: balance,
  reference,
  details: { ...NO_DETAILS, ...details },
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
        items: [
          item(10, 'reward', 'money', 1.6, 81.6, { trailer_id: 3, trailer_title: 'Night Harbour' }),
          item(8, 'purchase', 'money', -200, 80, { vip_level: 2 }, 'vip:2'),
        ],
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
    // References in words, with links: never "trailer:3" or "vip:2".
    expect(rows[0].textContent).not.toContain('trailer:3');
    expect(screen.getByRole('link', { name: 'Night Harbour' }).getAttribute('href')).toBe(
      '/films/3',
    );
    expect(rows[1].textContent).not.toContain('vip:2');
    expect(screen.getByRole('link', { name: 'VIP 2 package' }).getAttribute('href')).toBe('/about');

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

  it('shows sub-cent commissions to the precision they have: the rows add up to the wallet', async () => {
    // A VIP 1 member's level-2 commissions are 0.025 USDT: rounded to cents they would not add up.
    const rows = [
      item(14, 'commission', 'money', 0.025, 0.205, {
        trailer_id: 7,
        trailer_title: 'Glass Orchard',
        team_level: 2,
        from_member_id: 1043,
        from_member_name: 'Aziza',
      }),
      item(13, 'commission', 'money', 0.025, 0.18, {
        trailer_id: 7,
        team_level: 2,
        from_member_id: 1044,
      }),
      item(12, 'commission', 'money', 0.025, 0.155, {
        trailer_id: 6,
        team_level: 2,
        from_member_id: 1043,
      }),
      item(11, 'commission', 'money', 0.13, 0.13, {
        trailer_id: 6,
        team_level: 1,
        from_member_id: 1042,
      }),
      item(10, 'deposit', 'money', 5, 5, { tx_id: 'ab'.repeat(32) }, 'block:150'),
    ];
    setFetch(
      apiFetch(({ path }) => {
        if (path === '/site')
          return {
            support_url: null,
            explorer_tx_url: 'https://tronscan.org/#/transaction/',
            media: [],
            banners: [],
            tutorial: { recharge: null, withdraw: null },
          };
        return path === '/users/me/statement' ? { items: rows, next_before: null } : undefined;
      }).fetch,
    );
    await renderWithApp([{ path: '/mine/statement', element: <StatementPage /> }], {
      at: '/mine/statement',
    });
    const shown = await screen.findAllByTestId('statement-row');
    const amounts = shown.map(
      (row) => row.querySelector('[data-testid=statement-amount]')!.textContent,
    );
    expect(amounts.slice(0, 4)).toEqual([
      '+0.025 USDT',
      '+0.025 USDT',
      '+0.025 USDT',
      '+0.13 USDT',
    ]);
    expect(shown[0].textContent).toContain('Balance 0.205');
    expect(shown[0].textContent).toContain('Level 2 of your team, from Aziza (ID 1043).');
    expect(shown[1].textContent).toContain('Level 2 of your team, from member 1044.');
    expect(shown[1].textContent).toContain('Trailer: No. 7');
    // A deposit names its chain transaction, linked to the explorer, not its block.
    expect(shown[4].textContent).not.toContain('block:150');
    await waitFor(() =>
      expect(shown[4].querySelector('a')?.getAttribute('href')).toBe(
        `https://tronscan.org/#/transaction/${'ab'.repeat(32)}`,
      ),
    );
  });
});
