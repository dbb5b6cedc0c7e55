import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { ReviewsSection } from './reviews-section';

const VERIFICATION = {
  id: 4,
  user_id: 77,
  country: 'Uzbekistan',
  document_type: 'passport',
  full_name: 'Aziz Karimov',
  document_number: 'AA1234567',
  status: 'pending',
  reason: null,
  created_at: '2026-11-22T08:00:00.000Z',
  decided_at: null,
};
const CARD = {
  id: 3,
  user_id: 78,
  record_id: 57,
  currency: 'UZS',
  amount: '1270000.00',
  rate: '0.000079',
  suggested_usdt: 100.33,
  status: 'under_review',
  credited: null,
  reason: null,
  created_at: '2026-11-22T09:00:00.000Z',
  decided_at: null,
};

function serve(resetCode: object = { code: '042917', expires_at: '2026-11-22T10:00:00.000Z' }) {
  const api = apiFetch(({ method, path }) => {
    if (path === '/users/me') return { ...MEMBER, role: 'admin' };
    if (path === '/admin/verifications') return [VERIFICATION];
    if (path === '/admin/card_deposits') return [CARD];
    if (method === 'GET' && /\/(front|back|receipt)$/.test(path))
      return new Response(new Uint8Array([0x89, 0x50]), {
        headers: { 'Content-Type': 'image/png' },
      });
    if (method === 'POST' && path.endsWith('/reset_code')) return resetCode;
    if (method === 'POST')
      return path.includes('card') ? { ...CARD, status: 'success' } : VERIFICATION;
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

describe('<ReviewsSection>', () => {
  signedInApi();
  const created = URL.createObjectURL;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = created;
  });

  it('shows both document photos, fetched with the operator token, and approves', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <ReviewsSection /> }], { at: '/admin' });
    const row = await screen.findByTestId('verification');
    expect(row.textContent).toContain('Aziz Karimov');
    await waitFor(() => expect(within(row).getAllByRole('img')).toHaveLength(2));
    const photos = api.requests.filter((r) => r.path.startsWith('/admin/verifications/4/'));
    expect(photos.map((r) => r.path).sort()).toEqual([
      '/admin/verifications/4/back',
      '/admin/verifications/4/front',
    ]);
    expect(photos.every((r) => r.headers.get('authorization')?.startsWith('Bearer '))).toBe(true);
    expect(within(row).getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', true);
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Approve' })));
    expect(
      api.requests.some((r) => r.method === 'POST' && r.path === '/admin/verifications/4/approve'),
    ).toBe(true);
  });

  it('credits a card deposit with the suggested amount or the one the operator types', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <ReviewsSection /> }], { at: '/admin' });
    const row = await screen.findByTestId('card-deposit');
    expect(row.textContent).toContain('1270000.00 UZS');
    expect(row.textContent).toContain('At 0.000079 USDT per UZS: 100.33 USDT');
    fireEvent.change(within(row).getByLabelText('USDT to credit'), { target: { value: '100' } });
    await act(async () =>
      fireEvent.click(within(row).getByRole('button', { name: 'Credit 100 USDT' })),
    );
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);
    // Asked first, with both amounts and the member.
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Credit 100 USDT to the E-Wallet of member 78 for card payment #3 (1270000.00 UZS)?',
    );
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Credit 100 USDT' })),
    );
    const post = api.requests.find((r) => r.method === 'POST');
    expect([post?.path, post?.body]).toEqual(['/admin/card_deposits/3/approve', { amount: '100' }]);
  });

  it('issues a reset code for a member and shows it to the operator', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin', element: <ReviewsSection /> }], { at: '/admin' });
    fireEvent.change(await screen.findByLabelText('Member number for the code'), {
      target: { value: '77' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Issue a code' })));
    expect((await screen.findByTestId('reset-code')).textContent).toBe(
      'Code for member 77: 042917',
    );
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/admin/users/77/reset_code',
    ]);
  });

  it('says where the code went for a member with a mailbox, and shows no code', async () => {
    serve({ sent_to: 'm***@example.com', expires_at: '2026-11-22T10:00:00.000Z' });
    await renderWithApp([{ path: '/admin', element: <ReviewsSection /> }], {
      at: '/admin',
      language: 'ru',
    });
    fireEvent.change(await screen.findByLabelText('Номер участника для кода'), {
      target: { value: '77' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Выдать код' })));
    expect((await screen.findByTestId('reset-code')).textContent).toBe(
      'Код отправлен на почту участника 77: m***@example.com. Попросите его проверить почту: кроме него код никто не видит.',
    );
  });
});
