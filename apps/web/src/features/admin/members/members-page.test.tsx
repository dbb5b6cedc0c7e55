import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch, setRequestLanguage } from '@app/contracts';
import { serveConsole as serve } from '../../../test/console-serve';
import { apiFetch, signedInApi } from '../../../test/fake-api';
import { renderWithApp } from '../../../test/render';
import { MembersPage } from './members-page';

describe('the members list', () => {
  signedInApi();
  beforeAll(() => {
    // recharts measures its container; jsdom has no ResizeObserver.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  it('keeps the members search, filters, sort and page in the URL and sends them to the API', async () => {
    const api = serve();
    await renderWithApp([{ path: '/admin/members', element: <MembersPage /> }], {
      at: '/admin/members?level=1',
    });
    expect(await screen.findByText('Members found: 41')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find'), { target: { value: '1112233' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'money:desc' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/members?level=1&q=1112233&sort=money&order=desc&page=2',
      ),
    );
    await waitFor(() => {
      const last = api.requests.filter((r) => r.path === '/admin/users').at(-1)!;
      expect(Object.fromEntries(last.query)).toMatchObject({
        q: '1112233',
        level: '1',
        sort: 'money',
        order: 'desc',
        page: '2',
        limit: '20',
      });
    });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+998901112233' }).getAttribute('href')).toBe(
      '/admin/members/100042',
    );
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
