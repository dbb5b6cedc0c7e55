import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { MoneyPage } from './money-page';

const REPORT = {
  balanced: true,
  consistent: false,
  unbalanced_transactions: 0,
  mismatched_accounts: 2,
  mismatched_earnings: 0,
  negative_member_accounts: 0,
  transactions: 12,
  postings: 24,
  totals: [
    { kind: 'money', currency: 'USDT', owner: 'member', total: 100 },
    { kind: 'adjustments', currency: 'USDT', owner: 'system', total: -100 },
  ],
  checkpoint: { posting_id: 20, at: '2030-01-01T00:05:00.000Z' },
  last_full_audit: {
    started_at: '2030-01-01T00:00:00.000Z',
    finished_at: '2030-01-01T00:01:00.000Z',
    through_posting_id: 20,
    balanced: true,
    consistent: false,
    unbalanced_transactions: 0,
    mismatched_accounts: 2,
    mismatched_earnings: 0,
    negative_member_accounts: 0,
    checkpoint_mismatches: 0,
    rollup_mismatches: 0,
  },
  solvency: {
    member_money: 100,
    pending_withdrawals: 20,
    liabilities: 120,
    hot_wallet_usdt: 90,
    unswept_deposits: 25,
    assets: 115,
    surplus: -5,
    hot_wallet_address: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
    hot_wallet_trx: 12.5,
    hot_wallet_energy: 0,
    cold_wallet_address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    cold_wallet_usdt: 5000,
    waiting_refill_count: 2,
    waiting_refill_usdt: 75.5,
    scanner_lag_blocks: 3,
    scanner_cursor: 1200,
    chain_error: null,
  },
};

const TRON_COSTS = {
  days: [{ day: '2030-01-01', sweeps_trx: 16.5, withdrawals_trx: 4.25, transactions: 12 }],
  per_member_deposit_trx: 1.65,
  energy_account: {
    address: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
    energy: 900000,
    lendable_trx: 0,
  },
  withdrawals_payable: false,
  sweeps_lendable: false,
};

const WITHDRAWAL = {
  id: 12,
  user_id: 100001,
  record_id: 43,
  wallet: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
  amount: 20,
  fee: 3,
  net_amount: 17,
  status: 'requested',
  member_status: 'under_review',
  reason: null,
  tx_id: null,
  decided_by: null,
  first_approved_by: 100002,
  approvals: [
    {
      operator_id: 100002,
      role: 'finance',
      amount: 20,
      over_cap: true,
      created_at: '2030-01-01T01:00:00.000Z',
    },
  ],
  awaiting_second_approval: false,
  awaiting_admin: true,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
};

const GAP = {
  id: 9,
  user_id: 100004,
  address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  chain_in: 25.000001,
  credited: 0,
  chain_out: 10,
  swept: 0,
  as_of_block: 120,
  status: 'open',
  found_at: '2030-01-01T00:00:00.000Z',
  checked_at: '2030-01-01T00:10:00.000Z',
  closed_at: null,
  resolved_by: null,
  note: null,
};

const RESOLVED_GAP = {
  ...GAP,
  id: 8,
  chain_out: 0,
  status: 'resolved',
  closed_at: '2030-01-01T01:00:00.000Z',
  resolved_by: 100002,
  note: 'Credited by adjustment #41',
};

const entry = (id: number) => ({
  id,
  actor_id: 1,
  action: 'ledger.adjust',
  target_user_id: 100001,
  details: { account: 'money', amount: 100, reason: 'Welcome' },
  created_at: '2030-01-01T00:00:00.000Z',
});

const REQUEST = {
  id: 7,
  requested_by: 100003,
  user_id: 100001,
  account: 'money',
  amount: 2500,
  reason: 'Bank transfer by hand',
  status: 'pending',
  decided_by: null,
  decided_at: null,
  transaction_id: null,
  created_at: '2030-01-01T00:00:00.000Z',
};

function serve(
  adjust: () => unknown = () => ({ transaction_id: '81', money: 100, points: 0 }),
  approve: () => unknown = () => ({
    status: 'applied',
    transaction_id: '90',
    request_id: 7,
    money: 2500,
    points: 0,
  }),
  resolveGap: () => unknown = () => ({
    ...GAP,
    status: 'resolved',
    closed_at: '2030-01-01T02:00:00.000Z',
    resolved_by: 100000,
    note: 'Refunded by hand',
  }),
) {
  const api = apiFetch(({ method, path, query }) => {
    if (path === '/users/me') return { ...MEMBER, id: 100000, role: 'admin' };
    if (path === '/admin/reports/ledger') return REPORT;
    if (path === '/admin/reports/tron-costs') return TRON_COSTS;
    if (path === '/admin/withdrawals')
      return query.get('status') === 'requested' ? [WITHDRAWAL] : [];
    if (method === 'POST' && path === '/admin/withdrawals/12/approve')
      return { ...WITHDRAWAL, status: 'approved' };
    if (method === 'POST' && path === '/admin/withdrawals/12/reject')
      return { ...WITHDRAWAL, status: 'rejected', member_status: 'fail', reason: 'wrong network' };
    if (path === '/admin/deposits')
      return query.get('status') === 'fail'
        ? [
            {
              id: 5,
              user_id: 100002,
              amount: 0,
              status: 'fail',
              tx_id: 'ab'.repeat(32),
              reason: 'the transaction pays another address, not your deposit address',
              created_at: '2030-01-01T00:00:00.000Z',
            },
          ]
        : [];
    if (path === '/admin/deposits/foreign') return [];
    if (path === '/admin/deposits/gaps')
      return query.get('status') === 'open'
        ? [GAP]
        : query.get('status') === 'resolved'
          ? [RESOLVED_GAP]
          : [];
    if (method === 'POST' && path === '/admin/deposits/gaps/9/resolve') return resolveGap();
    if (method === 'POST' && path === '/admin/deposits/held/4/dismiss') return [];
    if (path === '/admin/deposits/held')
      return query.get('status') === 'held'
        ? [
            {
              id: 4,
              user_id: 100003,
              tx_id: 'cd'.repeat(32),
              log_index: 0,
              from_address: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
              to_address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
              amount: 5000,
              block_number: 120,
              reason:
                'no second node confirmed the receipt: 10.0.0.2:8090 does not know the transaction',
              status: 'held',
              checked_at: '2030-01-01T00:00:00.000Z',
              created_at: '2030-01-01T00:00:00.000Z',
            },
          ]
        : [];
    if (path === '/admin/adjustments') return query.get('status') === 'pending' ? [REQUEST] : [];
    if (method === 'POST' && path === '/admin/adjustments/7/approve') return approve();
    if (path === '/admin/audit') {
      return query.get('before') === null
        ? Array.from({ length: 20 }, (_, i) => entry(50 - i))
        : [entry(3)];
    }
    if (method === 'POST' && path === '/admin/users/100001/adjust') return adjust();
    if (method === 'POST' && path.startsWith('/admin/users/')) return undefined;
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

const adjustCalls = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/adjust'));

async function fillAdjust(values: { id: string; amount: string; reason: string }) {
  fireEvent.change(screen.getByLabelText('Member ID'), { target: { value: values.id } });
  fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: values.amount } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: values.reason } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Review adjustment' })));
}

describe('<MoneyPage>', () => {
  signedInApi();

  it('shows whether the ledger balances and is consistent, the counts and totals', async () => {
    serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await waitFor(() =>
      expect(screen.getByTestId('verdict-balanced').textContent).toBe('BalancedYes'),
    );
    expect(screen.getByTestId('verdict-consistent').textContent).toBe('ConsistentNo');
    expect(screen.getByText('Mismatched accounts').nextSibling?.textContent).toBe('2');
    const fullAudit = screen.getByTestId('last-full-audit').textContent;
    expect(fullAudit).toMatch(/^Last full audit: .*2030.*, balanced, NOT consistent$/);
    const table = screen.getByRole('table');
    // Account kinds in words, not the ledger's names.
    expect(within(table).getByText('Operator adjustments').parentElement?.textContent).toContain(
      '-100.00',
    );
    const cells = within(table)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).not.toContain('adjustments');
    expect(cells).not.toContain('money');
  });

  it('confirms before adjusting, sends a signed amount with an idempotency key, shows the balances', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await fillAdjust({ id: '100001', amount: '100', reason: 'Welcome credit' });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the adjustment' });
    expect(dialog.textContent).toContain('Credit 100.00 to the E-Wallet of member 100001?');
    expect(adjustCalls(api)).toHaveLength(0);

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    const result = await screen.findByTestId('adjust-result');
    expect(result.textContent).toContain('transaction 81');
    expect(result.textContent).toContain('E-Wallet 100.00, RegisterPoints 0.00');
    const [call] = adjustCalls(api);
    expect(call.body).toEqual({ account: 'money', amount: 100, reason: 'Welcome credit' });
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cancel sends nothing', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await fillAdjust({ id: '100001', amount: '-5', reason: 'Oops' });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Debit 5.00 from the E-Wallet of member 100001?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adjustCalls(api)).toHaveLength(0);
  });

  it('validates on submit', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await fillAdjust({ id: 'abc', amount: '0', reason: 'ab' });
    expect(await screen.findByText('Invalid member ID')).toBeTruthy();
    expect(screen.getByText('Amount must not be 0')).toBeTruthy();
    expect(screen.getByText('Too short reason (at least 3 characters)')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(adjustCalls(api)).toHaveLength(0);
  });

  it.each([
    ['999', () => undefined, 'No member with this ID'],
    [
      '100001',
      () => json(400, { detail: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' }),
      'The debit is larger than the balance',
    ],
  ])('shows the translated error for member %s', async (id, answer, message) => {
    serve(answer);
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await fillAdjust({ id, amount: '-1000', reason: 'Test debit' });
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByTestId('adjust-result')).toBeNull();
  });

  it('lists the audit log with "Load more"', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(20));
    expect(screen.getAllByTestId('audit-entry')[0].textContent).toContain(
      'Adjusted the E-Wallet by 100.00 (“Welcome”)',
    );
    expect(screen.getAllByTestId('audit-entry')[0].textContent).not.toContain('ledger.adjust');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(21));
    const last = api.requests.filter((r) => r.path === '/admin/audit').at(-1);
    expect(last?.query.get('before')).toBe('31');
  });

  it('says when an adjustment waits for a second operator', async () => {
    serve(() => ({
      status: 'pending_approval',
      transaction_id: null,
      request_id: 12,
      money: 0,
      points: 0,
    }));
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await fillAdjust({ id: '100001', amount: '5000', reason: 'Big credit' });
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    const result = await screen.findByTestId('adjust-result');
    expect(result.textContent).toContain('request #12 waits for a second operator');
  });

  it('lists pending adjustments and approves one', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('approval-request');
    expect(row.textContent).toContain('#7');
    expect(row.textContent).toContain('Asked by 100003 for member 100001');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    // Asked first, with the amount, the account and the member.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('2500.00 to the E-Wallet of member 100001');
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === '/admin/adjustments/7/approve'),
    ).toBe(false);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    expect(await screen.findByText('Approved: transaction 90.')).toBeTruthy();
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === '/admin/adjustments/7/approve'),
    ).toBe(true);
  });

  it('shows why an approval was refused', async () => {
    serve(undefined, () =>
      json(403, {
        detail: 'A second operator must approve this adjustment',
        code: 'SELF_APPROVAL_FORBIDDEN',
      }),
    );
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('approval-request');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
    // The refusal names the kind of request it was about.
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'You asked for this adjustment or approved it already: a second, different operator must approve it',
    );
  });

  it('offers the operator who asked for an adjustment no approval of it, and says why', async () => {
    serve();
    const ownRequest = { ...REQUEST, requested_by: 100000 };
    setFetch(
      apiFetch(({ path, query }) =>
        path === '/users/me'
          ? { ...MEMBER, id: 100000, role: 'admin' }
          : path === '/admin/adjustments' && query.get('status') === 'pending'
            ? [ownRequest]
            : path === '/admin/adjustments'
              ? []
              : undefined,
      ).fetch,
    );
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('approval-request');
    await waitFor(() =>
      expect(within(row).getByTestId('own-request').textContent).toBe(
        'You asked for this: another operator must approve it.',
      ),
    );
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('shows solvency: liabilities against the hot wallet and unswept deposits, not covered', async () => {
    serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const solvency = await screen.findByTestId('solvency');
    expect(within(solvency).getByTestId('verdict-covered').textContent).toBe(
      'Liabilities coveredNo (-5.00)',
    );
    expect(within(solvency).getByText('Liabilities').nextSibling?.textContent).toBe('120.00');
    expect(within(solvency).getByText('Hot wallet USDT').nextSibling?.textContent).toBe('90.00');
    expect(
      within(solvency).getByText('Deposit scanner lag (blocks)').nextSibling?.textContent,
    ).toBe('3');
    // Cold storage (issue 43): the cold account's USDT, and the payouts waiting for a refill.
    expect(within(solvency).getByText('Cold account USDT').nextSibling?.textContent).toBe(
      '5000.00',
    );
    expect(
      within(solvency).getByText('Withdrawals waiting for a hot wallet refill').nextSibling
        ?.textContent,
    ).toBe('2 (75.50 USDT)');
  });

  it('shows TRON costs per day and per deposit, the staking account, and warns when fees cannot be paid', async () => {
    serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const warning = await screen.findByTestId('tron-costs-warning');
    expect(warning.textContent).toContain('The next withdrawal cannot pay its energy');
    expect(screen.getByText('TRX per member deposit (30 days)').nextSibling?.textContent).toBe(
      '1.65',
    );
    expect(screen.getByText('Staking account energy').nextSibling?.textContent).toBe(
      '900,000 (0 TRX of stake to lend)',
    );
    expect(screen.getByText('2030-01-01').nextSibling?.textContent).toBe(
      'sweeps 16.5 TRX, withdrawals 4.25 TRX',
    );
  });

  it('approves a withdrawal only after confirming the amount sent on chain', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('withdrawal');
    expect(row.textContent).toContain('#12 · 20.00 USDT → 17.00');
    // Who approved it so far, and that it waits for an admin (the approver passed the daily limit).
    const trail = within(row).getByTestId('approval-trail');
    expect(trail.textContent).toContain('Approved by: #100002 (finance,');
    expect(trail.textContent).toContain('over daily limit');
    expect(within(row).getByTestId('awaiting-admin').textContent).toBe(
      'Waiting for an admin (daily limit passed)',
    );
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const approveCalls = () =>
      api.requests.filter((r) => r.method === 'POST' && r.path === '/admin/withdrawals/12/approve');
    expect(approveCalls()).toHaveLength(0);
    const box = within(row).getByRole('group', { name: 'Confirm' });
    expect(box.textContent).toContain(
      'Approve withdrawal #12: 17.00 USDT to TDH7TKbRQTEminPbCpH5YAfgD23q63rz16? It is sent from the hot wallet once every approval it needs is given.',
    );
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Confirm' })));
    expect(
      await screen.findByText('Withdrawal #12 approved: it will be sent from the hot wallet'),
    ).toBeTruthy();
    expect(approveCalls()).toHaveLength(1);
  });

  it('tells the first approver of a four-eyes withdrawal that it waits, never that it will be sent', async () => {
    const first = { ...WITHDRAWAL, approvals: [], awaiting_admin: false };
    const api = apiFetch(({ method, path, query }) => {
      if (path === '/users/me') return { ...MEMBER, id: 100000, role: 'admin' };
      if (path === '/admin/withdrawals') return query.get('status') === 'requested' ? [first] : [];
      if (method === 'POST' && path === '/admin/withdrawals/12/approve')
        return {
          ...first,
          status: 'requested',
          approvals: [{ ...WITHDRAWAL.approvals[0], operator_id: 100000, role: 'admin' }],
          awaiting_second_approval: true,
        };
      return undefined;
    });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('withdrawal');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    const box = within(row).getByRole('group', { name: 'Confirm' });
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Confirm' })));
    expect(
      await screen.findByText(
        'Withdrawal #12: your approval is counted. It waits for a second operator to approve it; nothing is sent until then.',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain('will be sent');
  });

  it('offers an operator who approved a withdrawal no second approval, and names the withdrawal when refused', async () => {
    const mine = {
      ...WITHDRAWAL,
      approvals: [{ ...WITHDRAWAL.approvals[0], operator_id: 100000, role: 'admin' }],
      awaiting_admin: false,
      awaiting_second_approval: true,
    };
    setFetch(
      apiFetch(({ path, query }) =>
        path === '/users/me'
          ? { ...MEMBER, id: 100000, role: 'admin' }
          : path === '/admin/withdrawals'
            ? query.get('status') === 'requested'
              ? [mine]
              : []
            : undefined,
      ).fetch,
    );
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('withdrawal');
    await waitFor(() =>
      expect(within(row).getByTestId('you-approved').textContent).toBe(
        'You approved it: another operator must give the next approval.',
      ),
    );
    expect(within(row).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('rejects a withdrawal with a reason the member will see', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('withdrawal');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Reject' })));
    const box = within(row).getByRole('group', { name: 'Confirm' });
    const confirm = within(box).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(box).getByLabelText('Reason (shown to the member)'), {
      target: { value: 'wrong network' },
    });
    await act(async () => fireEvent.click(confirm));
    expect(
      await screen.findByText('Withdrawal #12 closed: the amount went back to the member'),
    ).toBeTruthy();
    const call = api.requests.find((r) => r.path === '/admin/withdrawals/12/reject');
    expect(call?.body).toEqual({ reason: 'wrong network' });
  });

  it('lists deposits by state with the reason of a failed claim', async () => {
    serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await screen.findByRole('heading', { name: 'Deposits' });
    fireEvent.change(screen.getByLabelText('Status', { selector: '#deposits-status' }), {
      target: { value: 'fail' },
    });
    const row = await screen.findByTestId('deposit');
    expect(row.textContent).toContain('Member 100002');
    expect(row.textContent).toContain('pays another address');
  });

  it('lists deposits held because no second node confirmed them, with what the nodes said', async () => {
    serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await screen.findByRole('heading', { name: 'Held: no second node confirmed them' });
    const row = await screen.findByTestId('held-deposit');
    expect(row.textContent).toContain('Member 100003');
    expect(row.textContent).toContain('5000.00 USDT');
    expect(row.textContent).toContain('does not know the transaction');
  });

  it("lists the reconciler's open items with their figures and what they mean", async () => {
    serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await screen.findByRole('heading', { name: 'Reconciler: chain history and books differ' });
    const row = await screen.findByTestId('deposit-gap');
    expect(row.textContent).toContain('#9 · Member 100004');
    expect(row.textContent).toContain('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    // Every micro counts: figures and differences are exact, not rounded to cents.
    expect(
      within(row).getByText('Reached the address on chain (USDT)').nextSibling?.textContent,
    ).toBe('25.000001');
    expect(within(row).getByText('Credited (USDT)').nextSibling?.textContent).toBe('0.00');
    expect(within(row).getByText('Left the address on chain (USDT)').nextSibling?.textContent).toBe(
      '10.00',
    );
    expect(within(row).getByText('Recorded as swept (USDT)').nextSibling?.textContent).toBe('0.00');
    expect(
      within(row)
        .getAllByTestId('gap-finding')
        .map((f) => f.textContent),
    ).toEqual([
      '25.000001 USDT reached the address and was not credited',
      '10.00 USDT left the address without a recorded sweep',
    ]);
    expect(row.textContent).toContain('Figures as of block 120');
  });

  it('resolves an item only with a note, after saying what resolving does', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('deposit-gap');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Resolve' })));
    const box = within(row).getByRole('group', { name: 'Confirm' });
    expect(box.textContent).toContain(
      'Resolve item #9 of member 100004? From now on the reconciler accepts these differences for TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    );
    const confirm = within(box).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(box).getByLabelText(/How it was settled/), {
      target: { value: '  Refunded by hand ' },
    });
    expect(confirm.disabled).toBe(false);
    await act(async () => fireEvent.click(confirm));
    expect(await screen.findByText('Item #9 resolved')).toBeTruthy();
    const calls = api.requests.filter((r) => r.path === '/admin/deposits/gaps/9/resolve');
    expect(calls.map((c) => [c.method, c.body])).toEqual([['POST', { note: 'Refunded by hand' }]]);
  });

  it('cancelling a resolution sends nothing', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('deposit-gap');
    fireEvent.click(within(row).getByRole('button', { name: 'Resolve' }));
    const box = within(row).getByRole('group', { name: 'Confirm' });
    fireEvent.change(within(box).getByLabelText(/How it was settled/), {
      target: { value: 'Refunded by hand' },
    });
    fireEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    expect(within(row).queryByRole('group', { name: 'Confirm' })).toBeNull();
    expect(api.requests.some((r) => r.path.endsWith('/resolve'))).toBe(false);
  });

  it('says why a resolution was refused', async () => {
    serve(undefined, undefined, () =>
      json(409, {
        detail: 'This reconciler item is no longer open',
        code: 'DEPOSIT_GAP_NOT_OPEN',
      }),
    );
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('deposit-gap');
    fireEvent.click(within(row).getByRole('button', { name: 'Resolve' }));
    const box = within(row).getByRole('group', { name: 'Confirm' });
    fireEvent.change(within(box).getByLabelText(/How it was settled/), {
      target: { value: 'Refunded by hand' },
    });
    await act(async () => fireEvent.click(within(box).getByRole('button', { name: 'Confirm' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This item is no longer open: it closed by itself or another operator resolved it',
    );
  });

  it('shows resolved items with who resolved them and their note, and no action', async () => {
    serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    await screen.findByTestId('deposit-gap');
    fireEvent.change(screen.getByLabelText("Status of the reconciler's items"), {
      target: { value: 'resolved' },
    });
    await waitFor(() => expect(screen.getByTestId('deposit-gap').textContent).toContain('#8'));
    const row = screen.getByTestId('deposit-gap');
    expect(within(row).getByTestId('gap-resolution').textContent).toMatch(
      /^Resolved by #100002 .*2030.*: Credited by adjustment #41$/,
    );
    expect(within(row).queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('dismisses a held deposit only with a note, after saying that nothing will be credited', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <MoneyPage /> }], { at: '/admin' });
    const row = await screen.findByTestId('held-deposit');
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Dismiss' })));
    const box = within(row).getByRole('group', { name: 'Confirm' });
    expect(box.textContent).toContain(
      'Dismiss the held deposit of 5000.00 USDT to member 100003? Nothing was credited and nothing will be',
    );
    const confirm = within(box).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(box).getByLabelText(/Why no node will confirm it/), {
      target: { value: 'Not on tronscan; node 10.0.0.1 taken out' },
    });
    await act(async () => fireEvent.click(confirm));
    expect(
      await screen.findByText(
        'Dismissed with every held transfer of its transaction: nothing was credited',
      ),
    ).toBeTruthy();
    const calls = api.requests.filter((r) => r.path === '/admin/deposits/held/4/dismiss');
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['POST', { note: 'Not on tronscan; node 10.0.0.1 taken out' }],
    ]);
  });
});
