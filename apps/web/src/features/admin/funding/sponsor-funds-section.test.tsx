import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, json, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { SponsorFundsSection } from './sponsor-funds-section';

const item = (id: number, status: 'pending' | 'recorded' | 'rejected', amount = 5000) => ({
  id,
  status,
  amount,
  payer: 'Kino Partners',
  reference: `INV-${id}`,
  requested_by: 7,
  decided_by: null,
  decided_at: null,
  transaction_id: status === 'recorded' ? '91' : null,
  created_at: '2026-11-25T10:00:00.000Z',
  approvals: [],
  awaiting_second_approval: status === 'pending',
  awaiting_admin: false,
});

describe('<SponsorFundsSection>', () => {
  signedInApi();

  it('records outside money with an idempotency key, and lets another operator approve what waits', async () => {
    const { fetch, requests } = apiFetch(({ method, path }) => {
      if (method === 'POST' && path === '/admin/sponsor_funds') return item(3, 'pending');
      if (method === 'POST' && path === '/admin/sponsor_funds/2/approve')
        return item(2, 'recorded');
      if (path === '/admin/sponsor_funds') return [item(2, 'pending'), item(1, 'recorded', 15)];
      return undefined;
    });
    setFetch(fetch);
    await renderWithApp([{ path: '/admin/money', element: <SponsorFundsSection /> }], {
      at: '/admin/money',
    });
    expect(await screen.findAllByTestId('sponsor-funds-item')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Amount paid in (USDT)'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('Paid by'), { target: { value: 'Kino Partners' } });
    fireEvent.change(screen.getByLabelText('Payment reference'), { target: { value: 'INV-3' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
    expect(
      await screen.findByText('Waiting for another operator: 5000.00 USDT from Kino Partners'),
    ).toBeTruthy();
    const recorded = requests.find(
      (r) => r.method === 'POST' && r.path === '/admin/sponsor_funds',
    )!;
    expect(recorded.body).toEqual({ amount: '5000', payer: 'Kino Partners', reference: 'INV-3' });
    expect(recorded.headers.get('Idempotency-Key')).toMatch(/.{8,}/);
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Approve' })[0]));
    expect(await screen.findByText('Recorded: 5000.00 USDT from Kino Partners')).toBeTruthy();
  });

  it('refuses an empty form without a call, and explains a reference recorded before', async () => {
    const { fetch, requests } = apiFetch(({ method, path }) => {
      if (method === 'POST' && path === '/admin/sponsor_funds') {
        return json(409, { detail: 'taken', code: 'SPONSOR_REFERENCE_TAKEN' });
      }
      return path === '/admin/sponsor_funds' ? [] : undefined;
    });
    setFetch(fetch);
    await renderWithApp([{ path: '/admin/money', element: <SponsorFundsSection /> }], {
      at: '/admin/money',
      language: 'uz',
    });
    await screen.findByText('Hali tashqi pul yozilmagan.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yozib qoʻyish' })));
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Kiritilgan summa (USDT)'), {
      target: { value: '12.5' },
    });
    fireEvent.change(screen.getByLabelText('Toʻlovchi'), { target: { value: 'Kino' } });
    fireEvent.change(screen.getByLabelText('Toʻlov maqsadi'), { target: { value: 'INV-1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yozib qoʻyish' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bu toʻlovchining bu toʻlov maqsadi allaqachon yozilgan',
    );
  });
});
