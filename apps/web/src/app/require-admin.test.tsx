import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { MEMBER, fakeFetch, json, signedInApi } from '../test/fake-api';
import { renderWithApp } from '../test/render';
import { RequireAdmin } from './require-admin';

const routes = [
  {
    path: '/admin',
    element: (
      <RequireAdmin>
        <p>operator area</p>
      </RequireAdmin>
    ),
  },
  { path: '/', element: <p>home</p> },
];

describe('<RequireAdmin>', () => {
  signedInApi();

  it('sends members to / without rendering the operator area', async () => {
    setFetch(fakeFetch({ '/users/me': MEMBER }));
    await renderWithApp(routes, { at: '/admin' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(screen.queryByText('operator area')).toBeNull();
  });

  it('sends everyone to / when the role cannot be read', async () => {
    setFetch(async () => json(500, { detail: 'boom', code: 'INTERNAL' }));
    await renderWithApp(routes, { at: '/admin' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'), {
      timeout: 3000,
    });
  });

  it('lets operators in', async () => {
    setFetch(fakeFetch({ '/users/me': { ...MEMBER, role: 'admin' } }));
    await renderWithApp(routes, { at: '/admin' });
    expect(await screen.findByText('operator area')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin');
  });
});
