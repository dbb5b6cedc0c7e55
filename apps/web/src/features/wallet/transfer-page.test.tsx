import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { TransferPage } from './transfer-page';

const routes = [
  { path: '/mine/transfer', element: <TransferPage /> },
  { path: '/mine', element: <p>mine</p> },
];

function serve(transfer: (body: unknown) => unknown = () => ({ money: 2.5, points: 13.456789 })) {
  const api = apiFetch(({ method, path, body }) => {
    if (path === '/users/me') return MEMBER; // money 12.5
    if (method === 'POST' && path === '/users/transfer') return transfer(body);
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

const transfers = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/users/transfer');

async function confirmTransfer() {
  const ask = await screen.findByRole('dialog', { name: 'Move to RegisterPoints?' });
  await act(async () =>
    fireEvent.click(within(ask).getByRole('button', { name: 'Transfer to RegisterPoints' })),
  );
}

async function submit(quantity: string) {
  fireEvent.change(screen.getByLabelText('Transfer quantity'), { target: { value: quantity } });
  await act(async () =>
    fireEvent.click(screen.getByRole('button', { name: 'Transfer to RegisterPoints' })),
  );
}

describe('<TransferPage>', () => {
  signedInApi();

  async function open() {
    await renderWithApp(routes, { at: '/mine/transfer' });
    await waitFor(() =>
      expect(screen.getByTestId('transfer-available').textContent).toBe('12.50 USDT'),
    );
  }

  it.each([
    ['', 'Required'],
    ['0', 'Amount must be greater than 0'],
    ['-3', 'Amount must be greater than 0'],
    ['abc', 'Invalid amount'],
    ['1.1234567', 'At most 6 decimals'],
    ['12.500001', 'Amount is above the balance'],
  ])('refuses %j on submit with "%s", without a call', async (quantity, message) => {
    const api = serve();
    await open();
    await submit(quantity);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(transfers(api)).toHaveLength(0);
  });

  it('does not validate before submit', async () => {
    serve();
    await open();
    fireEvent.change(screen.getByLabelText('Transfer quantity'), { target: { value: '99' } });
    fireEvent.blur(screen.getByLabelText('Transfer quantity'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('"Maximum" fills the wallet money', async () => {
    serve();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Maximum' }));
    expect((screen.getByLabelText('Transfer quantity') as HTMLInputElement).value).toBe('12.5');
  });

  it('sends the amount with a fresh Idempotency-Key per submit, then goes to /mine', async () => {
    let calls = 0;
    const api = serve(() =>
      ++calls === 1
        ? json(400, { detail: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' })
        : { money: 2.5, points: 13.456789 },
    );
    await open();
    await submit('10,5');
    // Asked first: nothing is sent until the member confirms.
    expect((await screen.findByRole('dialog')).textContent).toContain('10.50 USDT will leave');
    expect(transfers(api)).toHaveLength(0);
    await confirmTransfer();
    expect(await screen.findByText('Not enough money in the E-Wallet')).toBeTruthy();
    await submit('10');
    await confirmTransfer();
    await waitFor(() => expect(transfers(api)).toHaveLength(2));
    const [first, second] = transfers(api);
    expect(first.body).toEqual({ amount: 10.5 });
    expect(second.body).toEqual({ amount: 10 });
    const keys = [first, second].map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).not.toBe(keys[1]);
    // The loader stays, then /mine after 2 s.
    expect(await screen.findByText('Transfer complete')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mine'), {
      timeout: 3000,
    });
  });
});
