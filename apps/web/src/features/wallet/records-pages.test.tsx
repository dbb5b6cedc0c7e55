import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { RECORDS_PAGE_SIZE, nextBefore } from './api';
import { FundingPage, RechargeRecordsPage, WithdrawalHistoryPage } from './records-pages';

function record(id: number, isAdd: boolean, overrides: object = {}) {
  return {
    id,
    amount: 100,
    is_add: isAdd,
    type: isAdd ? 'deposit' : 'withdrawal',
    status: 'success',
    created_at: '2030-01-02T10:00:00.000Z',
    tx_id: null,
    fee: 0,
    net_amount: 100,
    wallet: null,
    ...overrides,
  };
}

describe('nextBefore', () => {
  it('is the last id of a full page, nothing after a short one', () => {
    expect(nextBefore([{ id: 9 }, { id: 5 }], 2)).toBe(5);
    expect(nextBefore([{ id: 9 }], 2)).toBeUndefined();
    expect(nextBefore([], 2)).toBeUndefined();
  });
});

describe('balance record pages', () => {
  signedInApi();

  it('shows "No records" when empty', async () => {
    setFetch(apiFetch(({ path }) => (path === '/balance' ? [] : undefined)).fetch);
    await renderWithApp([{ path: '/r', element: <RechargeRecordsPage /> }], { at: '/r' });
    expect(await screen.findByText('No records')).toBeTruthy();
  });

  it('recharge records ask for add=true; rows show amount, type, translated status', async () => {
    const api = apiFetch(({ path }) =>
      path === '/balance'
        ? [
            record(3, true, { status: 'under_review', amount: 12.345 }),
            record(2, true, { type: 'adjustment', status: 'fail' }),
          ]
        : undefined,
    );
    setFetch(api.fetch);
    await renderWithApp([{ path: '/r', element: <RechargeRecordsPage /> }], { at: '/r' });
    const rows = await screen.findAllByTestId('balance-record');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Deposit');
    // To the precision it has: 12.345 is not cut to 12.34.
    expect(rows[0].textContent).toContain('+12.345 USDT');
    expect(rows[0].textContent).toContain('Under review');
    expect(rows[1].textContent).toContain('Adjustment');
    expect(rows[1].textContent).toContain('Fail');
    expect(api.requests[0].query.get('add')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('withdrawal history asks for add=false and shows fee and net amount', async () => {
    const api = apiFetch(({ path }) =>
      path === '/balance'
        ? [record(4, false, { fee: 1.5, net_amount: 8.5, amount: 10 })]
        : undefined,
    );
    setFetch(api.fetch);
    await renderWithApp([{ path: '/w', element: <WithdrawalHistoryPage /> }], { at: '/w' });
    const [row] = await screen.findAllByTestId('balance-record');
    expect(row.textContent).toContain('-10.00 USDT');
    expect(row.textContent).toContain('Fee 1.50');
    expect(row.textContent).toContain('Net 8.50');
    expect(api.requests[0].query.get('add')).toBe('false');
  });

  it('"Load more" asks for the records before the last one shown', async () => {
    const firstPage = Array.from({ length: RECORDS_PAGE_SIZE }, (_, i) => record(100 - i, true));
    const api = apiFetch(({ path, query }) => {
      if (path !== '/balance') return undefined;
      return query.get('before') === null ? firstPage : [record(5, true)];
    });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/r', element: <RechargeRecordsPage /> }], { at: '/r' });
    await screen.findAllByTestId('balance-record');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() =>
      expect(screen.getAllByTestId('balance-record')).toHaveLength(RECORDS_PAGE_SIZE + 1),
    );
    const last = api.requests[api.requests.length - 1];
    expect(last.query.get('before')).toBe(String(100 - RECORDS_PAGE_SIZE + 1));
    expect(last.query.get('limit')).toBe(String(RECORDS_PAGE_SIZE));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('funding tabs: All without add, then deposits and withdrawals', async () => {
    const api = apiFetch(({ path }) => (path === '/balance' ? [] : undefined));
    setFetch(api.fetch);
    await renderWithApp([{ path: '/f', element: <FundingPage /> }], { at: '/f' });
    await screen.findByText('No records');
    expect(api.requests[0].query.has('add')).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Deposit record' }));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('add')).toBe('true'));
    fireEvent.click(screen.getByRole('tab', { name: 'Withdrawal records' }));
    await waitFor(() => expect(api.requests.at(-1)?.query.get('add')).toBe('false'));
    expect(
      screen.getByRole('tab', { name: 'Withdrawal records' }).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('shows a claim being checked, the tx id, and why a record failed', async () => {
    setFetch(
      apiFetch(({ path }) =>
        path === '/balance'
          ? [
              record(5, true, { status: 'under_review', amount: 0, tx_id: 'ab'.repeat(32) }),
              record(4, false, {
                status: 'fail',
                amount: 20,
                fee: 3,
                net_amount: 17,
                reason: 'wrong network',
              }),
            ]
          : undefined,
      ).fetch,
    );
    await renderWithApp([{ path: '/r', element: <FundingPage /> }], { at: '/r' });
    const rows = await screen.findAllByTestId('balance-record');
    expect(rows[0].textContent).toContain('Checking…');
    expect(rows[0].textContent).toContain('ab'.repeat(32));
    expect(rows[1].textContent).toContain('wrong network');
    expect(rows[1].textContent).toContain('Net 17.00');
  });

  it('shows where a withdrawal goes, how a failed one ended, and links its tx to the explorer', async () => {
    const address = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
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
        if (path !== '/balance') return undefined;
        return [
          record(9, false, {
            wallet: address,
            tx_id: 'cd'.repeat(32),
            fee: 1.5,
            net_amount: 8.5,
            amount: 10,
          }),
          record(8, false, {
            status: 'fail',
            failure: 'refused',
            reason: 'Sanctioned address',
            wallet: address,
          }),
          record(7, false, {
            status: 'fail',
            failure: 'cancelled',
            reason: 'cancelled',
            wallet: address,
          }),
          record(6, true, { status: 'fail', failure: 'failed', reason: 'not confirmed in time' }),
        ];
      }).fetch,
    );
    await renderWithApp([{ path: '/w', element: <FundingPage /> }], { at: '/w' });
    const rows = await screen.findAllByTestId('balance-record');
    expect(within(rows[0]).getByTestId('record-address').textContent).toBe(`To ${address}`);
    await waitFor(() =>
      expect(within(rows[0]).getByTestId('tx-link').getAttribute('href')).toBe(
        `https://tronscan.org/#/transaction/${'cd'.repeat(32)}`,
      ),
    );
    expect(rows[1].textContent).toContain('Refused');
    expect(rows[1].textContent).toContain('Sanctioned address');
    expect(rows[1].textContent).not.toContain('Fail');
    expect(rows[2].textContent).toContain('Cancelled');
    expect(rows[3].textContent).toContain('Failed');
    expect(rows[3].textContent).toContain('not confirmed in time');
  });

  it('cancels a withdrawal no operator approved, after asking; an approved one says it cannot', async () => {
    let cancelled = false;
    const api = apiFetch(({ method, path }) => {
      if (method === 'POST' && path === '/balance/take/9/cancel') {
        cancelled = true;
        return record(9, false, {
          status: 'fail',
          failure: 'cancelled',
          reason: 'cancelled',
          amount: 20,
        });
      }
      if (path !== '/balance') return undefined;
      return [
        cancelled
          ? record(9, false, {
              status: 'fail',
              failure: 'cancelled',
              amount: 20,
              cancellable: false,
            })
          : record(9, false, {
              status: 'under_review',
              amount: 20,
              cancellable: true,
              wallet: 'TXYZ',
            }),
        record(8, false, {
          status: 'under_review',
          amount: 30,
          cancellable: false,
          reason: 'waiting for the hot wallet to be refilled',
        }),
      ];
    });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/w', element: <WithdrawalHistoryPage /> }], { at: '/w' });
    const rows = await screen.findAllByTestId('balance-record');
    expect(within(rows[1]).queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
    expect(rows[1].textContent).toContain('An operator has approved it');
    // Issue 43: a withdrawal held for a refill of the hot wallet says so.
    expect(within(rows[1]).getByTestId('waiting-refill').textContent).toContain(
      'Waiting for the hot wallet to be refilled',
    );
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('20.00 USDT goes back to your wallet at once');
    expect(dialog.textContent).toContain('TXYZ');
    // "Keep it" changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Cancel withdrawal' }));
    await act(async () =>
      fireEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Cancel withdrawal',
        }),
      ),
    );
    expect(
      await screen.findByText('Withdrawal cancelled: 20.00 USDT is back in your wallet'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByTestId('balance-record')[0].textContent).toContain('Cancelled'),
    );
  });
});
