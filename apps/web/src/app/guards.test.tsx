import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { clearTokens, setTokens } from '@app/contracts';
import { LocationProbe } from '../test/render';
import { GuestOnly, RequireAuth } from './guards';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <p>login page</p>
            </GuestOnly>
          }
        />
        <Route
          path="/register"
          element={
            <GuestOnly>
              <p>register page</p>
            </GuestOnly>
          }
        />
        <Route
          path="/"
          element={
            <RequireAuth>
              <p>home page</p>
            </RequireAuth>
          }
        />
        <Route
          path="/mine"
          element={
            <RequireAuth>
              <p>mine page</p>
            </RequireAuth>
          }
        />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

describe('route guards', () => {
  afterEach(() => clearTokens());

  it('sends anonymous visitors of the main layout to /login', () => {
    renderAt('/mine');
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it('sends signed-in members away from /login and /register', () => {
    setTokens({ access: 'a', refresh: 'r' });
    const first = renderAt('/login');
    expect(screen.getByTestId('location').textContent).toBe('/');
    first.unmount();
    renderAt('/register');
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('follows the session: losing the tokens leads to /login', () => {
    setTokens({ access: 'a', refresh: 'r' });
    renderAt('/mine');
    expect(screen.getByText('mine page')).toBeTruthy();
    act(() => clearTokens());
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
