import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
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
});
