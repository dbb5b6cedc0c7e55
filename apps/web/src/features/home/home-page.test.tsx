import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { HomePage } from './home-page';

function serve(site: unknown) {
  const api = apiFetch(({ path }) => {
    if (path === '/site') return site;
    if (path === '/trailers') return [];
    if (path === '/messages/main') return {};
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
});
