import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate, reportNetwork } from '../../lib/pwa';
import { renderWithApp } from '../../test/render';
import { AppStatus } from './app-status';

const show = () => renderWithApp([{ path: '/', element: <AppStatus /> }]);

describe('<AppStatus>', () => {
  afterEach(() => act(() => reportNetwork(true)));

  it('shows nothing while online and up to date', async () => {
    await show();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(screen.queryByText('A new version is ready.')).toBeNull();
  });

  it('says the member is offline until the network answers', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    await show();
    act(() => reportNetwork(false));
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'You are offline: the last saved data is shown.',
    );
    act(() => reportNetwork(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
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
