import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { clearTokens, setApiBaseUrl, setFetch } from '@app/contracts';
import { apiFetch } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { TransparencyPage } from './transparency-page';

const routes = [{ path: '/transparency', element: <TransparencyPage /> }];

const days = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 10, i - 3)).toISOString().slice(0, 10);
  return { day, total: 10, from_sponsor_funds: 7.5, from_club_revenue: 2.5 };
});

const ANSWER = {
  as_of: '2026-11-25T10:00:00.000Z',
  liabilities: 125000.5,
  reserves: 131000,
  surplus: 5999.5,
  sponsor_funds: 2000,
  payouts_30d: { total: 300, from_sponsor_funds: 225, from_club_revenue: 75 },
  payouts_daily: days,
  obligations_30d: 9000,
  runway_days: 26,
  block: 71234567,
  proof_created_at: '2026-11-25T00:00:03.000Z',
};

function serve(answer: unknown) {
  const api = apiFetch(({ path }) => (path === '/transparency' ? answer : undefined));
  setFetch(api.fetch);
  return api;
}

describe('<TransparencyPage> (public)', () => {
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    setApiBaseUrl('/api');
    clearTokens();
  });

  it('shows what members are owed, the reserves, where the payouts came from and the runway, signed out', async () => {
    const api = serve(ANSWER);
    await renderWithApp(routes, { at: '/transparency' });
    expect((await screen.findByTestId('transparency-liabilities')).textContent).toBe(
      'Members’ money (E-Wallets and withdrawals not yet sent)125000.50 USDT',
    );
    expect(screen.getByTestId('transparency-surplus').textContent).toContain('5999.50 USDT');
    expect(screen.getByTestId('transparency-payouts').textContent).toBe(
      '300.00 USDT paid to members in rewards, commissions, challenges and promotions: 225.00 USDT (75 %) from money sponsors paid in, 75.00 USDT (25 %) from the club’s own revenue, that is members’ purchases and fees.',
    );
    expect(screen.getByTestId('transparency-obligations').textContent).toContain('9000.00 USDT');
    expect(screen.getByTestId('transparency-runway').textContent).toBe(
      'The club can pay for26 days',
    );
    expect(
      screen.getByRole('img', {
        name: 'Payouts per day over the last 30 days, from sponsors and from the club’s revenue',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/At the latest proof of funds, block 71234567/)).toBeTruthy();
    // No sign-in: the call carries no token.
    expect(api.requests[0].headers.get('Authorization')).toBeNull();
  });

  it('reads in Russian, and says when nothing is promised or no proof exists yet', async () => {
    serve({ ...ANSWER, runway_days: null, block: null, proof_created_at: null });
    await renderWithApp(routes, { at: '/transparency', language: 'ru' });
    expect((await screen.findByTestId('transparency-runway')).textContent).toBe(
      'Клуб может платитьничего не обещано',
    );
    expect(
      screen.getByText(
        'Подтверждение средств ещё не опубликовано: резервы в блокчейне неизвестны.',
      ),
    ).toBeTruthy();
  });

  it('reads in Uzbek', async () => {
    serve(ANSWER);
    await renderWithApp(routes, { at: '/transparency', language: 'uz' });
    expect((await screen.findByTestId('transparency-runway')).textContent).toBe(
      'Klub toʻlay oladi26 kun',
    );
  });
});
