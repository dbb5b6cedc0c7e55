import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18n } from '../../lib/i18n';
import { page } from '../lazy-page';
import { ScreenSlot } from './screen-slot';

/** A screen whose chunk never arrives, as on a phone that lost the network (tried once). */
const Unreachable = page(
  () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
  'Unreachable' as never,
  [],
);
/** A screen whose chunk is lost once, then arrives when tried again. */
let flakyTries = 0;
const ArrivesSecondTime = page(
  async () => {
    if (++flakyTries === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return { Records: () => <h1>Records</h1> };
  },
  'Records',
  [1],
);
const Arrives = page(async () => ({ Arrives: () => <h1>Films</h1> }), 'Arrives');
function Throws(): never {
  throw new Error('a screen that breaks while drawing');
}

/** The shell around the screens: it must stay mounted while a member moves between them. */
let shellMounts = 0;
function Shell() {
  useEffect(() => {
    shellMounts++;
  }, []);
  return null;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Link to="/films">to films</Link>
      <Link to="/about">to about</Link>
      <ScreenSlot>
        <Shell />
        <Routes>
          <Route path="/unreachable" element={<Unreachable />} />
          <Route path="/throws" element={<Throws />} />
          <Route path="/films" element={<Arrives />} />
          <Route path="/about" element={<h1>About</h1>} />
          <Route path="/records" element={<ArrivesSecondTime />} />
        </Routes>
      </ScreenSlot>
    </MemoryRouter>,
  );
}

describe('ScreenSlot', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['/unreachable', '/throws'])(
    '%s: a heading, what happened and a reload instead of a blank page',
    async (path) => {
      await i18n.changeLanguage('en');
      // React reports what a boundary caught on the console; expected here.
      vi.spyOn(console, 'error').mockImplementation(() => {});
      renderAt(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This screen did not load' }),
      ).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toContain('Check the connection');
      const reload = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
      expect(reload).toHaveBeenCalledTimes(1);
    },
  );

  it('shows a screen whose chunk arrived on the second try, with no failure', async () => {
    await i18n.changeLanguage('en');
    renderAt('/records');
    expect(await screen.findByRole('heading', { level: 1, name: 'Records' })).toBeTruthy();
    expect(flakyTries).toBe(2);
    expect(screen.queryByText('This screen did not load')).toBeNull();
  });

  it('tries again on the next screen a member opens', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/throws');
    await screen.findByRole('heading', { name: 'This screen did not load' });
    fireEvent.click(screen.getByRole('link', { name: 'to films' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Films' })).toBeTruthy();
    expect(screen.queryByText('This screen did not load')).toBeNull();
  });

  it('keeps the shell mounted from screen to screen', async () => {
    await i18n.changeLanguage('en');
    shellMounts = 0;
    renderAt('/films');
    await screen.findByRole('heading', { level: 1, name: 'Films' });
    fireEvent.click(screen.getByRole('link', { name: 'to about' }));
    await screen.findByRole('heading', { level: 1, name: 'About' });
    expect(shellMounts).toBe(1);
  });

  it('shows a screen that loads as it is', async () => {
    await i18n.changeLanguage('ru');
    renderAt('/films');
    expect(await screen.findByRole('heading', { level: 1, name: 'Films' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
