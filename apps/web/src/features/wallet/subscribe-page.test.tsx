import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, PACKAGES, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { SubscribePage } from './subscribe-page';

const routes = [
  { path: '/mine/subscribe', element: <SubscribePage /> },
  { path: '/mine', element: <p>mine</p> },
];

function serve(me: object, buy: () => unknown = () => undefined) {
  const api = apiFetch(({ method, path }) => {
    if (path === '/users/me') return { ...MEMBER, ...me };
    if (path === '/packages') return PACKAGES;
    if (method === 'POST' && path === '/balance/buy_vip') return buy();
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

const buys = (api: ReturnType<typeof serve>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/balance/buy_vip');

async function open() {
  await renderWithApp(routes, { at: '/mine/subscribe' });
  await screen.findByTestId('package-9');
  // Balances loaded: the fieldset is enabled.
  await waitFor(() => expect(screen.getByRole('radio', { name: 'VIP9' })).toBeTruthy());
}

describe('<SubscribePage>', () => {
  signedInApi();

  it('lists VIP1..VIP9 from /packages with price, trailers, reward and 75 days', async () => {
    serve({});
    await open();
    const vip4 = screen.getByTestId('package-4');
    expect(vip4.textContent).toContain('VIP4');
    expect(vip4.textContent).toContain('1000.00 USDT');
    expect(vip4.textContent).toContain('Trailers a day: 25');
    expect(vip4.textContent).toContain('Per trailer: 1.60 USDT');
    expect(vip4.textContent).toContain('Membership: 75 days');
    expect(screen.queryByTestId('package-0')).toBeNull();
    expect(screen.getByText('Payment method').parentElement?.textContent).toContain('E-Wallet');
  });

  it('marks owned levels Bought with the expiry date; only higher levels are selectable', async () => {
    const expire = new Date(2030, 6, 5, 12).toISOString();
    serve({ vip_level: 2, vip_expire: expire });
    await open();
    for (const level of [1, 2]) {
      const card = screen.getByTestId(`package-${level}`);
      expect(within(card).getByText('Bought')).toBeTruthy();
      expect(card.textContent).toContain('Valid until 05/07/2030');
      expect((within(card).getByRole('radio') as HTMLInputElement).disabled).toBe(true);
    }
    for (const level of [3, 9]) {
      const card = screen.getByTestId(`package-${level}`);
      expect(within(card).queryByText('Bought')).toBeNull();
      expect((within(card).getByRole('radio') as HTMLInputElement).disabled).toBe(false);
    }
  });

  it('an expired membership owns nothing', async () => {
    serve({ vip_level: 2, vip_expire: new Date(Date.now() - 1000).toISOString() });
    await open();
    expect(screen.queryByText('Bought')).toBeNull();
    expect((screen.getByRole('radio', { name: 'VIP1' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('shows BuyError without a call when neither balance covers the price', async () => {
    const api = serve({ money: 49.99, points: 49.99 });
    await open();
    fireEvent.click(screen.getByRole('radio', { name: 'VIP1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Not enough money');
    expect(buys(api)).toHaveLength(0);
    // The error closes by itself after about 1.5 s.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2500 });
    expect(screen.getByTestId('location').textContent).toBe('/mine/subscribe');
  });

  it('buys when points cover the price: BuyOk, then /mine', async () => {
    const api = serve({ money: 0, points: 50 }, () => ({
      vip_level: 1,
      vip_expire: '2030-01-01T00:00:00.000Z',
      paid_from: 'points',
    }));
    await open();
    fireEvent.click(screen.getByRole('radio', { name: 'VIP1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy' })));
    const ask = await screen.findByRole('dialog', { name: 'Buy VIP1?' });
    expect(ask.textContent).toContain('will be paid from your RegisterPoints');
    expect(ask.textContent).toContain('This cannot be undone.');
    expect(buys(api)).toHaveLength(0);
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Buy' })));
    const dialog = await screen.findByRole('dialog', { name: 'Package purchased' });
    expect(dialog.textContent).toContain('Paid from RegisterPoints.');
    expect(buys(api).map((r) => r.body)).toEqual([{ vip_level: 1 }]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mine'), {
      timeout: 2500,
    });
  });

  it('buys nothing when the member cancels the confirmation', async () => {
    const api = serve({ money: 100, points: 0 });
    await open();
    fireEvent.click(screen.getByRole('radio', { name: 'VIP1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy' })));
    const ask = await screen.findByRole('dialog', { name: 'Buy VIP1?' });
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(buys(api)).toHaveLength(0);
  });

  it('shows the server refusal as BuyError', async () => {
    serve({ money: 100 }, () =>
      json(400, { detail: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' }),
    );
    await open();
    fireEvent.click(screen.getByRole('radio', { name: 'VIP1' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy' })));
    const ask = await screen.findByRole('dialog', { name: 'Buy VIP1?' });
    expect(ask.textContent).toContain('will be paid from your E-Wallet');
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Buy' })));
    const dialog = await screen.findByRole('dialog', { name: 'Purchase failed' });
    expect(dialog.textContent).toContain('Not enough money');
  });
});
