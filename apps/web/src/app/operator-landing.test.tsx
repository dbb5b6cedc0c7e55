import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearTokens, setApiBaseUrl, setFetch } from '@app/contracts';
import { MEMBER, apiFetch } from '../test/fake-api';
import { renderWithApp } from '../test/render';
import { LoginPage } from '../features/auth/login-page';
import { GuestOnly } from './guards';

/** The sign-in form as the router serves it (behind GuestOnly), and the two places it leads. */
const routes = [
  {
    path: '/login',
    element: (
      <GuestOnly>
        <LoginPage />
      </GuestOnly>
    ),
  },
  { path: '/', element: <p>member home</p> },
  { path: '/admin', element: <p>console</p> },
];

async function signInAs(role: string) {
  setFetch(
    apiFetch(({ path }) =>
      path === '/token'
        ? { access_token: 'acc', refresh_token: 'ref', token_type: 'bearer' }
        : path === '/users/me'
          ? { ...MEMBER, role }
          : undefined,
    ).fetch,
  );
  await renderWithApp(routes, { at: '/login' });
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+998901234567' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
}

describe('where signing in leads', () => {
  beforeEach(() => {
    setApiBaseUrl('/api');
    clearTokens();
  });
  afterEach(() => {
    setFetch(undefined);
    clearTokens();
  });

  it('an operator lands on the console', async () => {
    await signInAs('finance');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin'));
    expect(screen.getByText('console')).toBeTruthy();
  });

  it('a member lands on the member home', async () => {
    await signInAs('member');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(screen.getByText('member home')).toBeTruthy();
  });
});
