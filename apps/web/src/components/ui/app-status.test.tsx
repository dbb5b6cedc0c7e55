import type { ReactNode } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearTokens, setFetch, setTokens, useGetMe } from '@app/contracts';
import { MEMBER, apiFetch } from '../../test/fake-api';
import { announceUpdate, reportNetwork } from '../../lib/pwa';
import { renderWithApp } from '../../test/render';
import { AppStatus } from './app-status';

const show = (screenElement: ReactNode = null) =>
  renderWithApp([
    {
      path: '/',
      element: (
        <>
          <AppStatus />
          {screenElement}
        </>
      ),
    },
  ]);

/** A screen that reads the profile (answered from what the device saved, or not at all). */
function ProfileScreen() {
  const me = useGetMe();
  return <p data-testid="profile">{me.data ? 'shown' : me.isError ? 'failed' : 'loading'}</p>;
}

describe('<AppStatus>', () => {
  afterEach(() => {
    act(() => reportNetwork(true));
    clearTokens();
    setFetch(undefined);
  });

  it('shows nothing while online and up to date', async () => {
    await show();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.queryByText('A new version is ready.')).toBeNull();
  });

  it('signed out, offline: says signing in needs the network, never that data was saved', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await show();
    act(() => reportNetwork(false));
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline: signing in needs the network.',
    );
    act(() => reportNetwork(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('signed in, offline: a screen the device saved says it shows the saved copy', async () => {
    setTokens({ access: 'a', refresh: 'r' });
    // The service worker answers from its cache: a 200 as if from the network.
    setFetch(apiFetch(({ path }) => (path === '/users/me' ? MEMBER : undefined)).fetch);
    await show(<ProfileScreen />);
    await waitFor(() => expect(screen.getByTestId('profile').textContent).toBe('shown'));
    act(() => reportNetwork(false));
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline: this screen shows what was saved on this device.',
    );
  });

  it('signed in, offline: a screen never saved says so at once instead of loading forever', async () => {
    setTokens({ access: 'a', refresh: 'r' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setFetch(
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await show(<ProfileScreen />);
    act(() => reportNetwork(false));
    await waitFor(() => expect(screen.getByTestId('profile').textContent).toBe('failed'));
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline, and this screen was never saved on this device: it loads once you are back online.',
    );
    vi.restoreAllMocks();
  });

  it('announces a waiting version; Reload activates it', async () => {
    const apply = vi.fn();
    await show();
    act(() => announceUpdate(apply));
    expect(screen.getByRole('alert').textContent).toContain('A new version is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledOnce();
  });
});
