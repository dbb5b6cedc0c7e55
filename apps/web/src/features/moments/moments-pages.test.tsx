import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { CreateMomentPage } from './create-moment-page';
import { MomentsPage, RecordPage } from './moments-page';

const post = (id: number, mine = false) => ({
  id,
  author: { id: 100042, name: 'Su***ne', vip_level: 1 },
  text: `Post ${id}`,
  images: [{ url: '/media/a.webp', thumb_url: '/media/t.webp', width: 1080, height: 540 }],
  like_count: 2,
  liked: false,
  mine,
  created_at: '2026-11-22T10:00:00Z',
});
const routes = [
  { path: '/moments', element: <MomentsPage /> },
  { path: '/moments/create', element: <CreateMomentPage /> },
  { path: '/moments/create-text', element: <p>text form</p> },
  { path: '/mine/record', element: <RecordPage /> },
];

describe('moments pages', () => {
  signedInApi();

  it('shows the feed with photos and likes; a like toggles with the server count', async () => {
    const api = apiFetch(({ method, path }) => {
      if (path === '/moments') return [post(9), post(8, true)];
      if (method === 'POST' && path === '/moments/9/like') return { like_count: 3, liked: true };
      return undefined;
    });
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/moments' });
    const [first, second] = await screen.findAllByTestId('moment');
    expect(first.textContent).toContain('Su***ne');
    expect(within(first).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toMatch(
      /\/media\/t\.webp$/,
    );
    await act(async () => fireEvent.click(within(first).getByRole('button', { name: '♥ 2' })));
    expect(within(first).getByRole('button', { name: '♥ 3' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(first).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('asks before reporting a post, sends the reason, and then says it was reported', async () => {
    const api = apiFetch(({ method, path }) => {
      if (path === '/moments') return [post(9)];
      if (method === 'POST' && path === '/moments/9/report') return { ok: true };
      return undefined;
    });
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/moments' });
    const [card] = await screen.findAllByTestId('moment');
    fireEvent.click(within(card).getByRole('button', { name: 'Report' }));
    const reports = () => api.requests.filter((r) => r.path === '/moments/9/report');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(
      'Report this post to the operators?',
    );
    expect(reports()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(reports()).toHaveLength(0);
    fireEvent.click(within(card).getByRole('button', { name: 'Report' }));
    fireEvent.change(screen.getByLabelText('What is wrong with it? (optional)'), {
      target: { value: 'Spam link' },
    });
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Report' })),
    );
    expect(reports().map((r) => r.body)).toEqual([{ reason: 'Spam link' }]);
    expect(await screen.findByText('Reported to the operators')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reported' })).toHaveProperty('disabled', true);
  });

  it('searches by member ID through the URL and resets; the post popup leads to the forms', async () => {
    const api = apiFetch(({ path }) => (path === '/moments' ? [] : undefined));
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/moments' });
    fireEvent.click(screen.getByRole('button', { name: 'Search by ID' }));
    fireEvent.change(screen.getByLabelText('Member ID'), { target: { value: '100042' } });
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'Search by ID' }),
      ),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/moments?user=100042'),
    );
    await waitFor(() =>
      expect(
        api.requests.some((r) => r.path === '/moments' && r.query.get('user_id') === '100042'),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/moments'));
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    fireEvent.click(screen.getByRole('button', { name: 'Text' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/moments/create-text'),
    );
  });

  it('counts the text as it is typed and sends text and photos as multipart', async () => {
    let sent: FormData | undefined;
    const api = apiFetch(({ method, path }) =>
      method === 'POST' && path === '/moments' ? { id: 5 } : path === '/moments' ? [] : undefined,
    );
    setFetch(async (input, init) => {
      if (init?.body instanceof FormData) sent = init.body;
      return api.fetch(input, { ...init, body: undefined });
    });
    await renderWithApp(routes, { at: '/moments/create' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Release' })));
    expect(screen.getByRole('alert').textContent).toBe('Write something or add a photo');
    fireEvent.change(screen.getByLabelText('What is new?'), { target: { value: 'Hello' } });
    expect(screen.getByText('5/500')).toBeTruthy();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Photos (up to 9)'), { target: { files: [photo] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Release' })));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/moments'));
    expect(sent?.get('text')).toBe('Hello');
    expect((sent?.getAll('images')[0] as File).name).toBe('a.jpg');
  });

  it("/mine/record lists only the member's posts, 'No posts yet' when none", async () => {
    const api = apiFetch(({ path }) => (path === '/moments/mine' ? [] : undefined));
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/mine/record' });
    expect(await screen.findByText('No posts yet')).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/moments/mine')).toBe(true);
  });
});
