import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { MessagesAdminPage } from './messages-page';

describe('messages to members, written per language', () => {
  signedInApi();

  it('sends a message written per language; a title without its text is refused first', async () => {
    const api = apiFetch(({ path, method }) =>
      path === '/admin/messages' && method === 'POST' ? { id: 5, user_id: null } : undefined,
    );
    setFetch(api.fetch);
    await renderWithApp([{ path: '/', element: <MessagesAdminPage /> }]);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Title (Russian)'), { target: { value: 'Новости' } });
    fireEvent.change(screen.getByLabelText('Text (Russian)'), { target: { value: 'Текст' } });
    expect(send.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Title (Uzbek)'), { target: { value: 'Yangiliklar' } });
    expect(send.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(
      'In each language, write both the title and the text, or neither.',
    );
    fireEvent.change(screen.getByLabelText('Text (Uzbek)'), { target: { value: 'Matn' } });
    await act(async () => fireEvent.click(send));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yes, send it' })));
    expect(await screen.findByText('Sent to every member')).toBeTruthy();
    const sent = api.requests.find((r) => r.path === '/admin/messages')!;
    expect(sent.body).toEqual({
      title_ru: 'Новости',
      description_ru: 'Текст',
      title_uz: 'Yangiliklar',
      description_uz: 'Matn',
    });
  });
});
