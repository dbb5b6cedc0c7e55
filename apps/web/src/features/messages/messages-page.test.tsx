import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { MESSAGES_PAGE_SIZE } from './api';
import { MessagesPage } from './messages-page';

const routes = [{ path: '/message', element: <MessagesPage /> }];

const MESSAGES = [1, 2, 3].map((id) => ({
  id,
  title: `Message ${id}`,
  description: 'Text',
  created_at: '2026-11-20T10:00:00.000Z',
  is_read: false,
}));

describe('<MessagesPage>', () => {
  signedInApi();

  it('"Delete all" asks first: Cancel deletes nothing, confirming deletes once', async () => {
    const api = apiFetch(({ method, path }) => {
      if (method === 'GET' && path === '/messages') return MESSAGES;
      if (method === 'DELETE' && path === '/messages') return { ok: true };
      return undefined;
    });
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/message' });
    await screen.findByText('Message 3');
    const deletes = () => api.requests.filter((r) => r.method === 'DELETE');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete all' })));
    let ask = await screen.findByRole('dialog', { name: 'Delete all messages?' });
    expect(ask.textContent).toContain('All 3 messages will be deleted.');
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' })));
    expect(deletes()).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete all' })));
    ask = await screen.findByRole('dialog', { name: 'Delete all messages?' });
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Delete all' })));
    expect(await screen.findByText('Messages deleted')).toBeTruthy();
    expect(deletes()).toHaveLength(1);
  });

  it('pages the list: newest first, more on request, and asks before deleting what it has not shown', async () => {
    const many = Array.from({ length: MESSAGES_PAGE_SIZE + 3 }, (_, i) => ({
      ...MESSAGES[0],
      id: i + 1,
      title: `Message ${i + 1}`,
    })).reverse();
    const api = apiFetch(({ method, path, query }) => {
      if (method !== 'GET' || path !== '/messages') return undefined;
      const before = query.get('before') ? Number(query.get('before')) : Infinity;
      return many.filter((m) => m.id < before).slice(0, Number(query.get('limit')));
    });
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/message' });
    await screen.findByText(`Message ${many.length}`);
    expect(screen.queryByText('Message 1')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete all' })));
    const ask = await screen.findByRole('dialog', { name: 'Delete all messages?' });
    expect(ask.textContent).toContain('Every message will be deleted.');
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
    expect(await screen.findByText('Message 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const gets = api.requests.filter((r) => r.path === '/messages');
    expect(gets.map((r) => [r.query.get('limit'), r.query.get('before')])).toEqual([
      [String(MESSAGES_PAGE_SIZE), null],
      [String(MESSAGES_PAGE_SIZE), '4'],
    ]);
  });
});
