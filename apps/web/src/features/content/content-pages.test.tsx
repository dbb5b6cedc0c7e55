import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, PACKAGES, apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { AboutPage } from './about-page';
import { BonusPage } from './bonus-page';
import { CategoryPage } from './category-page';
import { ChallengePage } from './challenge-page';
import { ProgressPage } from './progress-page';
import { TutorialPage } from './tutorial-page';
import { WalletPage } from './wallet-page';

const trailer = (id: number, category: string) => ({
  id,
  title: `Film ${id}`,
  description: '',
  image_url: `/static/trailers/${id}.svg`,
  category,
});

function serve(routes: Record<string, unknown>) {
  const api = apiFetch(({ path }) => routes[path]);
  setFetch(api.fetch);
  return api;
}

describe('content pages', () => {
  signedInApi();

  it('/category shows the trailers of the chosen category', async () => {
    serve({
      '/trailers': [trailer(1, 'hot'), trailer(2, 'new'), trailer(3, 'soon'), trailer(4, 'new')],
    });
    await renderWithApp([{ path: '/category', element: <CategoryPage /> }], { at: '/category' });
    expect(await screen.findByText('Film 1')).toBeTruthy();
    expect(screen.queryByText('Film 2')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'New movie' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/films/2', '/films/4']);
  });

  it('/tutorial moves by itself every 2.5 s, by keyboard and by swipe, and says when a video is missing', async () => {
    serve({
      '/site': {
        support_url: null,
        media: [],
        banners: [],
        tutorial: { recharge: 'abc_DEF-123', withdraw: null },
      },
    });
    await renderWithApp([{ path: '/tutorial', element: <TutorialPage /> }], { at: '/tutorial' });
    const frame = await screen.findByTitle('Recharge');
    expect(frame.getAttribute('src')).toContain('/embed/abc_DEF-123');
    const active = () =>
      document.querySelector('.tutorial__slide.is-active')?.getAttribute('aria-label');
    await waitFor(() => expect(active()).toBe('Withdraw'), { timeout: 4000 });
    expect(screen.getByText('This video is not available yet.')).toBeTruthy();
    const carousel = screen.getByRole('region', { name: 'Video tutorial' });
    act(() => carousel.focus());
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(active()).toBe('Recharge');
    fireEvent.pointerDown(carousel, { clientX: 200 });
    fireEvent.pointerUp(carousel, { clientX: 100 });
    expect(active()).toBe('Withdraw');
  });

  it('/about lists the packages from the economy table', async () => {
    serve({ '/packages': PACKAGES });
    await renderWithApp([{ path: '/about', element: <AboutPage /> }], { at: '/about' });
    const table = await screen.findByTestId('about-packages');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(PACKAGES.length));
    expect(within(table).getByRole('row', { name: /VIP1/ }).textContent).toContain('50.00');
  });

  it('/bonus shows the rates in force and the running campaign, or says there is none', async () => {
    serve({
      '/bonus': {
        team_rates: { level1: 12.5, level2: 4, level3: 1 },
        campaign: {
          id: 1,
          name: 'Winter',
          starts_at: '2026-11-01T00:00:00Z',
          ends_at: '2026-12-01T00:00:00Z',
          min_vip_level: 2,
          inviter_points: 10,
          member_points: 5,
          hold_days: 30,
          running: true,
        },
      },
    });
    await renderWithApp([{ path: '/bonus', element: <BonusPage /> }], { at: '/bonus' });
    expect((await screen.findByTestId('bonus-rates')).textContent).toContain(
      '12.5% of their trailer rewards',
    );
    expect(screen.getByTestId('bonus-campaign').textContent).toContain(
      'From VIP2: 10.00 points for you, 5.00 for the new member',
    );
  });

  it('/wallet shows the balances and the latest records', async () => {
    const api = serve({
      '/users/me': { ...MEMBER, money: 12.5, points: 3, points_hold: 1 },
      '/balance': [
        {
          id: 1,
          type: 'deposit',
          is_add: true,
          amount: 100,
          status: 'success',
          created_at: '2026-11-20T10:00:00Z',
          tx_id: null,
          fee: 0,
          net_amount: 100,
          wallet: null,
          reason: null,
        },
      ],
    });
    await renderWithApp([{ path: '/wallet', element: <WalletPage /> }], { at: '/wallet' });
    await waitFor(() =>
      expect(screen.getByTestId('wallet-balances').textContent).toContain('12.50'),
    );
    // The same balance grid as /mine: each figure opens its statement.
    expect(screen.getByRole('link', { name: /12\.50/ }).getAttribute('href')).toBe(
      '/mine/statement?account=money',
    );
    expect((await screen.findByTestId('wallet-record')).textContent).toContain('+100.00 USDT');
    expect(api.requests.find((r) => r.path === '/balance')?.query.get('limit')).toBe('5');
  });

  it('/challenge shows real progress and claims a completed challenge once', async () => {
    const challenge = (claimed: boolean) => ({
      id: 4,
      title: 'Two trailers',
      text: 'Watch two',
      image_url: '',
      kind: 'trailers',
      reward: 5,
      count: 2,
      goal: 2,
      completed: true,
      claimed,
      starts_at: '2026-11-20T00:00:00Z',
      ends_at: '2026-11-30T00:00:00Z',
    });
    let claimed = false;
    const api = apiFetch(({ method, path }) => {
      if (path === '/challenges') return [challenge(claimed)];
      if (method === 'POST' && path === '/challenges/4/claim') {
        claimed = true;
        return { reward: 5 };
      }
      if (path === '/users/me') return MEMBER;
      return undefined;
    });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/challenge', element: <ChallengePage /> }], { at: '/challenge' });
    const card = await screen.findByTestId('challenge');
    expect(card.textContent).toContain('2 / 2');
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Claim' })));
    expect(await screen.findByText('+5.00 USDT added to your E-Wallet')).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByTestId('challenge')).getByText('Completed')).toBeTruthy(),
    );
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('/progress shows the six goals against the deposited total', async () => {
    serve({
      '/users/me/progress': {
        levels: [150, 400, 1250, 2500, 5000, 10000].map((goal, i) => ({
          level: i + 1,
          goal,
          value: 300,
        })),
        daily_tasks: 4,
        vip_level: 1,
        vip_expire: '2026-12-30T00:00:00Z',
      },
    });
    await renderWithApp([{ path: '/progress', element: <ProgressPage /> }], { at: '/progress' });
    const levels = await screen.findAllByTestId('progress-level');
    expect(levels).toHaveLength(6);
    expect(levels[1].textContent).toContain('300.00 / 400.00 USDT');
    expect(screen.getByTestId('progress-card').textContent).toContain('VIP1');
  });

  it('/progress tells a VIP 1 member their level, not "85 / 150 to VIP1", and the membership end as a date', async () => {
    serve({
      '/users/me/progress': {
        levels: [150, 400, 1250, 2500, 5000, 10000].map((goal, i) => ({
          level: i + 1,
          goal,
          value: 85,
        })),
        daily_tasks: 4,
        vip_level: 1,
        vip_expire: '2026-12-30T12:00:00Z',
      },
    });
    await renderWithApp([{ path: '/progress', element: <ProgressPage /> }], { at: '/progress' });
    const levels = await screen.findAllByTestId('progress-level');
    expect(levels[0].textContent).toBe('VIP1Your level');
    expect(levels[0].textContent).not.toContain('85.00 / 150.00');
    expect(levels[1].textContent).toContain('85.00 / 400.00 USDT');
    expect(screen.getByTestId('progress-next').textContent).toBe(
      'To VIP2: 315.00 USDT more in deposits.',
    );
    expect(screen.getByTestId('progress-card').textContent).toContain('30/12/2026');
  });
});
