import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { ECONOMY_CHANGE as CHANGE, serveConsole as serve } from '../../../test/console-serve';
import { MEMBER, apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { ContentPage } from './content-page';

describe('the content page', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('says which settings wait for a second admin after saving, not just "Saved"', async () => {
    const settings = {
      card: '8600 1111 2222 3333',
      main_message: '',
      main_message_ru: '',
      main_message_en: '',
      main_message_uz: '',
      support_url: '',
      media_video: '',
      media_social: '',
      media_microblog: '',
      media_photo: '',
      media_channel: '',
      tutorial_recharge: '',
      tutorial_withdraw: '',
    };
    const cardChange = {
      ...CHANGE,
      target: 'card',
      target_id: null,
      before: { card: settings.card },
      after: { card: '8600 9999 9999 9999' },
      baseline: null,
    };
    const api = serve('admin', (request) => {
      const { method, path } = request;
      if (path === '/admin/trailers') return [];
      if (path === '/admin/banners') return [];
      if (path === '/admin/settings' && method === 'GET') return settings;
      // The rest applies as sent; a new card waits (the card in force is kept).
      if (path === '/admin/settings' && method === 'PUT') {
        const sent = (request as unknown as { body: typeof settings }).body;
        return {
          ...sent,
          card: settings.card,
          pending_changes: sent.card === settings.card ? [] : [cardChange],
        };
      }
      return undefined;
    });
    await renderWithApp([{ path: '/admin/content', element: <ContentPage /> }], {
      at: '/admin/content',
    });
    fireEvent.change(await screen.findByLabelText('Card number for card deposits'), {
      target: { value: '8600 9999 9999 9999' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    // Only the card changed, and it waits: nothing was saved, and the form says so.
    expect(
      await screen.findByText('Waiting for a second admin: Card for card deposits'),
    ).toBeTruthy();
    expect(screen.queryByText(/Saved/)).toBeNull();
    expect(api.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      card: '8600 9999 9999 9999',
    });
    // With the home strip changed too, that part is saved and the card still waits.
    fireEvent.change(screen.getByLabelText('Card number for card deposits'), {
      target: { value: '8600 9999 9999 9999' },
    });
    fireEvent.change(screen.getByLabelText('Home strip (every language)'), {
      target: { value: 'Hello' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' })));
    expect(
      await screen.findByText('Saved; waiting for a second admin: Card for card deposits'),
    ).toBeTruthy();
  });

  it('adds a trailer written per language, then uploads its poster as multipart', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const api = apiFetch((request) => {
      if (request.path === '/users/me') return { ...MEMBER, role: 'admin' };
      if (request.path === '/admin/trailers' && request.method === 'GET') return [];
      if (request.path === '/admin/settings')
        return {
          card: '',
          main_message: '',
          main_message_ru: '',
          main_message_en: '',
          main_message_uz: '',
        };
      if (request.path === '/admin/trailers' && request.method === 'POST')
        return {
          id: 77,
          title: 'New one',
          description: '',
          image_url: '',
          category: 'new',
          trailer_key: 'abc',
          sort_order: 0,
          published: true,
          created_at: '2026-11-22T00:00:00.000Z',
        };
      if (request.path === '/admin/trailers/77/poster') return { image_url: '/media/x.png' };
      return undefined;
    });
    setFetch(async (input, init) => {
      sent.push({
        path: String(input),
        body: init?.body instanceof FormData ? 'form' : init?.body,
      });
      return api.fetch(input, {
        ...init,
        body: init?.body instanceof FormData ? undefined : init?.body,
      });
    });
    await renderWithApp([{ path: '/admin/content', element: <ContentPage /> }], {
      at: '/admin/content',
    });
    const add = await screen.findByRole('button', { name: 'Add trailer' });
    // Nothing written in any language yet: nothing to save.
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Title (English)'), { target: { value: 'New one' } });
    fireEvent.change(screen.getByLabelText('Description (Uzbek)'), { target: { value: 'Yangi' } });
    fireEvent.change(screen.getByLabelText('Video id'), { target: { value: 'abc' } });
    const poster = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByLabelText('Poster (JPEG, PNG, WebP)'), {
      target: { files: [poster] },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add trailer' })));
    expect(await screen.findByText('Saved “New one”')).toBeTruthy();
    const create = sent.find((r) => r.path.endsWith('/admin/trailers') && r.body !== undefined)!;
    expect(JSON.parse(create.body as string)).toEqual({
      title_ru: '',
      title_en: 'New one',
      title_uz: '',
      description_ru: '',
      description_en: '',
      description_uz: 'Yangi',
      trailer_key: 'abc',
      category: 'new',
      sort_order: 0,
      published: true,
    });
    expect(sent.find((r) => r.path.endsWith('/admin/trailers/77/poster'))?.body).toBe('form');
  });

  it('warns on the content page while no support link is saved', async () => {
    const settings = {
      card: '',
      main_message: '',
      main_message_ru: '',
      main_message_en: '',
      main_message_uz: '',
      support_url: '',
      media_video: '',
      media_social: '',
      media_microblog: '',
      media_photo: '',
      media_channel: '',
      tutorial_recharge: '',
      tutorial_withdraw: '',
      pending_changes: [],
    };
    setFetch(
      apiFetch(({ path }) => {
        if (path === '/users/me') return { ...MEMBER, role: 'admin' };
        if (path === '/admin/settings') return settings;
        if (path === '/admin/trailers' || path === '/admin/banners') return [];
        return undefined;
      }).fetch,
    );
    await renderWithApp([{ path: '/admin/content', element: <ContentPage /> }], {
      at: '/admin/content',
    });
    expect((await screen.findByTestId('support-link-empty')).textContent).toContain(
      "members reach you only through the club's support form",
    );
  });
});
