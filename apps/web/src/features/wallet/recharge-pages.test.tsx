import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { RechargeCodePage, RechargeMethodPage } from './recharge-pages';

const ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const TX = 'ab'.repeat(32);
const routes = [
  { path: '/mine/recharge', element: <RechargeMethodPage /> },
  { path: '/mine/recharge-code', element: <RechargeCodePage /> },
  { path: '/mine', element: <p>mine</p> },
];

function serve(
  options: { address?: () => unknown; claim?: () => unknown; card?: string | null } = {},
) {
  const api = apiFetch(({ method, path }) => {
    if (path === '/card') return { card: options.card ?? null };
    if (path === '/deposit/address')
      return options.address?.() ?? { currency: 'USDT', network: 'TRC20', address: ADDRESS };
    if (method === 'POST' && path === '/balance/add')
      return options.claim?.() ?? { id: 7, status: 'under_review' };
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}
const claims = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/balance/add');

async function submitTx(value: string) {
  fireEvent.change(screen.getByLabelText('Transaction ID (optional)'), { target: { value } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Check my transfer' })));
}

describe('recharge pages', () => {
  signedInApi();

  it('offers USDT (TRC-20) as the method', async () => {
    serve();
    await renderWithApp(routes, { at: '/mine/recharge' });
    expect(screen.getByRole('link', { name: /USDT \(TRC-20\)/ }).getAttribute('href')).toBe(
      '/mine/recharge-code',
    );
  });

  it('offers a card payment only while card deposits are on', async () => {
    serve({ card: null });
    const first = await renderWithApp(routes, { at: '/mine/recharge' });
    await waitFor(() => expect(screen.getByRole('link', { name: /USDT/ })).toBeTruthy());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('link', { name: 'Bank card (USD, RUB, UZS)' })).toBeNull();
    first.unmount();
    serve({ card: '8600 1234 5678 9012' });
    await renderWithApp(routes, { at: '/mine/recharge' });
    expect(
      (await screen.findByRole('link', { name: 'Bank card (USD, RUB, UZS)' })).getAttribute('href'),
    ).toBe('/mine/recharge-card');
  });

  it("shows the member's address with its QR code and copies it", async () => {
    serve();
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    await renderWithApp(routes, { at: '/mine/recharge-code' });
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(ADDRESS);
    const qr = await screen.findByAltText('QR code of your deposit address');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Copy address/ })));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByText('Address copied')).toBeTruthy();
    expect(screen.getByText(/credited to your E-Wallet by itself/)).toBeTruthy();
  });

  it('checks the tx id format before any call', async () => {
    const api = serve();
    await renderWithApp(routes, { at: '/mine/recharge-code' });
    await screen.findByTestId('deposit-address');
    await submitTx('abc');
    expect(await screen.findByText('Invalid transaction id')).toBeTruthy();
    expect(claims(api)).toHaveLength(0);
  });

  it('sends a claim, shows the loader, then goes to /mine', async () => {
    const api = serve();
    await renderWithApp(routes, { at: '/mine/recharge-code' });
    await screen.findByTestId('deposit-address');
    await submitTx(TX);
    expect(claims(api)[0].body).toEqual({ tx_id: TX });
    expect(await screen.findByText('Your transfer is being checked')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mine'), {
      timeout: 3000,
    });
  });

  it('says when the transaction was already submitted', async () => {
    serve({
      claim: () =>
        json(400, {
          detail: 'This transaction was already submitted',
          code: 'TX_ALREADY_SUBMITTED',
        }),
    });
    await renderWithApp(routes, { at: '/mine/recharge-code' });
    await screen.findByTestId('deposit-address');
    await submitTx(TX);
    expect(await screen.findByText('This transaction was already submitted')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/mine/recharge-code');
  });

  it('says plainly when deposits are not configured', async () => {
    serve({
      address: () =>
        json(503, { detail: 'Deposits are not configured', code: 'DEPOSITS_UNAVAILABLE' }),
    });
    await renderWithApp(routes, { at: '/mine/recharge-code' });
    expect(await screen.findByText('Deposits are not available right now')).toBeTruthy();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
  });
});
