import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { HomePage } from './home-page';

const NOTHING_SET = {
  support_url: null,
  media: [],
  banners: [],
  tutorial: { recharge: null, withdraw: null },
};

const RUNNING_CAMPAIGN = {
  id: 1,
  name: 'Spring invitations',
  min_vip_level: 2,
  inviter_points: 10,
  member_points: 5,
  hold_days: 3,
  running: true,
  starts_at: '2026-01-01T00:00:00.000Z',
  ends_at: '2099-06-01T00:00:00.000Z',
};

function serve(site: unknown, message: unknown = {}, campaign: unknown = null) {
  const api = apiFetch(({ path }) => {
    if (path === '/site') return site;
    if (path === '/trailers') return [];
    if (path.startsWith('/messages/main')) return message;
    if (path === '/bonus') return { campaign, team_rates: { level1: 5, level2: 3, level3: 1 } };
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

describe('<HomePage> operator content', () => {
  signedInApi();

  it('shows only the media links an operator set, and the banners they uploaded', async () => {
    serve({
      support_url: null,
      media: [{ kind: 'channel', url: 'https://t.me/our_channel' }],
      banners: [{ id: 3, image_url: '/media/b.png', link: '/about', sort_order: 0 }],
      tutorial: { recharge: null, withdraw: null },
    });
    await renderWithApp([{ path: '/', element: <HomePage /> }]);
    const channel = await screen.findByRole('link', { name: 'Channel' });
    expect(channel.getAttribute('href')).toBe('https://t.me/our_channel');
    expect(screen.queryByRole('link', { name: 'Video' })).toBeNull();
    const banner = screen.getByRole('img', { name: 'Banner 1' });
    expect(banner.getAttribute('src')).toMatch(/\/media\/b\.png$/);
    expect(banner.closest('a')?.getAttribute('href')).toBe('/about');
  });

  it('shows no media section and the slogan slides when nothing is set', async () => {
    serve({
      support_url: null,
      media: [],
      banners: [],
      tutorial: { recharge: null, withdraw: null },
    });
    await renderWithApp([{ path: '/', element: <HomePage /> }]);
    await waitFor(() => expect(screen.queryByText('Our media')).toBeNull());
    expect(screen.queryByRole('img', { name: 'Banner 1' })).toBeNull();
  });

  it('the ticker speaks of the invitation campaign only while one runs', async () => {
    serve(NOTHING_SET, { message: 'main_message.promotion' }, RUNNING_CAMPAIGN);
    const running = await renderWithApp([{ path: '/', element: <HomePage /> }]);
    const ticker = await screen.findByRole('marquee', { name: 'Announcement' });
    expect(ticker.textContent).toContain('VIP2 or above, you get 10.00 registration points');
    expect(ticker.textContent).not.toContain('2024');
    running.unmount();

    serve(NOTHING_SET, { message: 'main_message.promotion' }, null);
    await renderWithApp([{ path: '/', element: <HomePage /> }]);
    await screen.findByRole('heading', { name: 'Hot pick' });
    await waitFor(() => expect(screen.queryByRole('marquee')).toBeNull());
  });

  it("shows an operator's own announcement as written", async () => {
    const api = serve(NOTHING_SET, { message: 'Maintenance on Sunday 02:00' });
    await renderWithApp([{ path: '/', element: <HomePage /> }]);
    const ticker = await screen.findByRole('marquee', { name: 'Announcement' });
    expect(ticker.textContent).toContain('Maintenance on Sunday 02:00');
    // The campaign is not asked for when the strip does not speak of it.
    expect(api.requests.some((request) => request.path === '/bonus')).toBe(false);
  });
});
