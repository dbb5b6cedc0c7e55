import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { InstallOfferBar } from '../components/ui/install-offer';
import { INSTALL_PAUSE_KEY } from './install';

function beforeInstallPrompt(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string }>;
  };
  event.prompt = vi.fn(async () => undefined);
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

const show = (language = 'en') =>
  renderWithApp([{ path: '/', element: <InstallOfferBar /> }], { language });

describe('the install offer', () => {
  afterEach(() => {
    localStorage.removeItem(INSTALL_PAUSE_KEY);
    vi.restoreAllMocks();
  });

  it('says nothing until the browser offers to install, then installs on request', async () => {
    await show();
    expect(screen.queryByTestId('install-offer')).toBeNull();
    const event = beforeInstallPrompt('dismissed');
    act(() => {
      window.dispatchEvent(event);
    });
    // Kept for the member to use: the browser's own bar does not show.
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByTestId('install-offer').textContent).toContain('Install the app');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install' })));
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('install-offer')).toBeNull();
  });

  it('gives Safari on iOS the Add to Home Screen hint, and "Not now" puts it off', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    );
    await show('ru');
    expect(screen.getByTestId('install-offer').textContent).toContain(
      'Нажмите «Поделиться», затем «На экран „Домой“».',
    );
    expect(screen.queryByRole('button', { name: 'Установить' })).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Не сейчас' })));
    expect(screen.queryByTestId('install-offer')).toBeNull();
    expect(Number(localStorage.getItem(INSTALL_PAUSE_KEY))).toBeGreaterThan(Date.now());
  });
});
