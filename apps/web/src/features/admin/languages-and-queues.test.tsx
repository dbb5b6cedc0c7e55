import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setFetch, setRequestLanguage } from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { AdminLayout } from './admin-layout';
import { MembersPage } from './members-page';
import { MessagesAdminPage } from './messages-page';

describe('the console in three languages, with its queues counted', () => {
  signedInApi();

  it('counts what waits on the navigation: withdrawals, and reviews summed', async () => {
    setFetch(
      apiFetch(({ path }) =>
        path === '/users/me'
          ? { ...MEMBER, role: 'admin' }
          : path === '/admin/queues'
            ? { withdrawals: 3, card_deposits: 1, verifications: 2, reports: 0 }
            : undefined,
      ).fetch,
    );
    await renderWithApp([{ path: '/admin', element: <AdminLayout /> }], { at: '/admin' });
    const nav = await screen.findByRole('navigation', { name: 'Operator area' });
    const withdrawals = await within(nav).findByRole('link', { name: /Withdrawals/ });
    await waitFor(() => expect(within(withdrawals).getByLabelText('3 waiting')).toBeTruthy());
    const reviews = within(nav).getByRole('link', { name: /Reviews/ });
    expect(within(reviews).getByLabelText('3 waiting')).toBeTruthy();
    // No count where nothing waits.
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).textContent).toBe('Dashboard');
  });

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

  it('sorts the members table by a column header, then the other way round', async () => {
    const api = apiFetch(({ path }) =>
      path === '/admin/users' ? { items: [], total: 0, page: 1, limit: 20 } : undefined,
    );
    setFetch(api.fetch);
    await renderWithApp([{ path: '/admin/members', element: <MembersPage /> }], {
      at: '/admin/members',
    });
    const level = await screen.findByRole('button', { name: /^Level/ });
    expect(level.closest('th')!.getAttribute('aria-sort')).toBe('none');
    expect(
      screen.getByRole('button', { name: /^ID/ }).closest('th')!.getAttribute('aria-sort'),
    ).toBe('descending');
    await act(async () => fireEvent.click(level));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/members?sort=vip_level&order=desc',
      ),
    );
    expect(level.closest('th')!.getAttribute('aria-sort')).toBe('descending');
    await act(async () => fireEvent.click(level));
    await waitFor(() =>
      expect(Object.fromEntries(api.requests.at(-1)!.query)).toMatchObject({
        sort: 'vip_level',
        order: 'asc',
      }),
    );
    expect(level.closest('th')!.getAttribute('aria-sort')).toBe('ascending');
  });

  it('sends the interface language as Accept-Language on every call', async () => {
    const api = apiFetch(() => ({ items: [], total: 0, page: 1, limit: 20 }));
    setFetch(api.fetch);
    setRequestLanguage('uz');
    try {
      await renderWithApp([{ path: '/admin/members', element: <MembersPage /> }], {
        at: '/admin/members',
      });
      await waitFor(() => expect(api.requests.length).toBeGreaterThan(0));
      expect(api.requests.every((r) => r.headers.get('Accept-Language') === 'uz')).toBe(true);
    } finally {
      setRequestLanguage(null);
    }
  });
});
