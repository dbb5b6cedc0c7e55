import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { CardDepositPage, formatCardNumber } from './card-deposit-page';

const routes = [
  { path: '/mine/recharge-card', element: <CardDepositPage /> },
  { path: '/mine/recharge-records', element: <p>records</p> },
];

describe('<CardDepositPage>', () => {
  signedInApi();

  it('groups the card number in fours without other characters', () => {
    expect(formatCardNumber('8600-1234 5678.9012')).toBe('8600 1234 5678 9012');
  });

  it('says card deposits are off and offers no form while no card is set', async () => {
    setFetch(apiFetch(({ path }) => (path === '/card' ? { card: null } : undefined)).fetch);
    await renderWithApp(routes, { at: '/mine/recharge-card' });
    expect(await screen.findByText('Card deposits are not available right now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send for confirmation' })).toBeNull();
    expect(screen.queryByTestId('card-number')).toBeNull();
  });

  it('shows the card, then sends amount, currency and receipt as multipart', async () => {
    let sent: FormData | undefined;
    const api = apiFetch(({ method, path }) => {
      if (path === '/card') return { card: '8600-1234-5678-9012' };
      if (method === 'POST' && path === '/card/deposits') return { id: 5, status: 'under_review' };
      return undefined;
    });
    setFetch(async (input, init) => {
      if (init?.body instanceof FormData) sent = init.body;
      return api.fetch(input, { ...init, body: undefined });
    });
    await renderWithApp(routes, { at: '/mine/recharge-card' });
    await waitFor(() =>
      expect(screen.getByTestId('card-number').textContent).toBe('8600 1234 5678 9012'),
    );
    fireEvent.change(screen.getByLabelText('Amount paid'), { target: { value: '0' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send for confirmation' })),
    );
    expect(await screen.findByText('Amount must be greater than 0')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount paid'), { target: { value: '1270000,5' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send for confirmation' })),
    );
    expect(await screen.findByText('Required')).toBeTruthy();
    const receipt = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'r.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Receipt photo'), { target: { files: [receipt] } });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'RUB' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send for confirmation' })),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/mine/recharge-records'),
    );
    expect(sent?.get('amount')).toBe('1270000.5');
    expect(sent?.get('currency')).toBe('RUB');
    expect((sent?.get('receipt') as File).name).toBe('r.jpg');
    expect(api.requests.find((r) => r.method === 'POST')?.headers.get('content-type')).toBeNull();
  });
});
