import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { MainLayout } from './main-layout';
import { DESK_QUERY } from '../../lib/desk';
import { AdminLayout } from '../../features/admin/shared/admin-layout';

/** A window as wide as `desk` says: matchMedia answers DESK_QUERY only. */
function windowAt(desk: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === DESK_QUERY && desk,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function api() {
  setFetch(
    apiFetch((request) => {
      if (request.path === '/users/me') return { ...MEMBER, role: 'admin' };
      if (request.path === '/messages') return [];
      return {};
    }).fetch,
  );
}

describe('the operator console at a desk', () => {
  signedInApi();
  afterEach(() => vi.unstubAllGlobals());

  it('has a side navigation and no member bottom bar from 1024 px', async () => {
    windowAt(true);
    api();
    await renderWithApp(
      [
        {
          path: '/admin',
          element: (
            <>
              <MainLayout />
              <AdminLayout />
            </>
          ),
        },
      ],
      { at: '/admin' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Operator area' });
    expect(nav.className).toBe('admin-sidenav');
    expect(nav.closest('main')?.getAttribute('data-layout')).toBe('desk');
    expect((await screen.findByRole('link', { name: 'Withdrawals' })).getAttribute('href')).toBe(
      '/admin/withdrawals',
    );
    expect(document.querySelector('.bottom-nav')).toBeNull();
    expect(document.querySelector('.shell--desk')).not.toBeNull();
  }, 10_000);

  it('keeps the tabs and the member bottom bar on a phone', async () => {
    windowAt(false);
    api();
    await renderWithApp(
      [
        {
          path: '/admin',
          element: (
            <>
              <MainLayout />
              <AdminLayout />
            </>
          ),
        },
      ],
      { at: '/admin' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Operator area' });
    expect(nav.className).toBe('admin-tabs');
    expect(document.querySelector('.bottom-nav')).not.toBeNull();
  }, 10_000);
});
