import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { formatBadgeCount } from './badge';
import { BottomNav, isBottomNavHidden, isTabActive, type BottomNavItem } from './bottom-nav';

const items: BottomNavItem[] = [
  { to: '/', label: 'Home', icon: null },
  { to: '/films', label: 'Films', icon: null },
  { to: '/invite', label: 'Invite', icon: null },
  { to: '/message', label: 'Message', icon: null, count: 0 },
  { to: '/mine', label: 'Mine', icon: null },
];

function renderAt(path: string, list = items) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <BottomNav items={list} label="Main navigation" />
    </MemoryRouter>,
  );
}

describe('bottom navigation rules', () => {
  it('is hidden on paths containing /films/, /moments/create or /mine/', () => {
    expect(isBottomNavHidden('/films/12')).toBe(true);
    expect(isBottomNavHidden('/moments/create')).toBe(true);
    expect(isBottomNavHidden('/moments/create-text')).toBe(true);
    expect(isBottomNavHidden('/mine/edit')).toBe(true);
    expect(isBottomNavHidden('/mine/safety/phone')).toBe(true);
  });

  it('is shown on the tab roots and other main pages', () => {
    for (const path of ['/', '/films', '/invite', '/message', '/message/3', '/mine', '/moments']) {
      expect(isBottomNavHidden(path)).toBe(false);
    }
  });

  it('marks only the tab matching the route as active', () => {
    expect(isTabActive('/', '/')).toBe(true);
    expect(isTabActive('/', '/films')).toBe(false);
    expect(isTabActive('/films', '/films')).toBe(true);
    expect(isTabActive('/message', '/message/4')).toBe(true);
    expect(isTabActive('/mine', '/mineral')).toBe(false);
  });

  it('caps badges at 99+ and hides them at zero', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(undefined)).toBeNull();
    expect(formatBadgeCount(-1)).toBeNull();
    expect(formatBadgeCount(5)).toBe('5');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
});

describe('<BottomNav>', () => {
  it('renders five tabs and marks the current one', () => {
    renderAt('/message/8');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Home',
      'Films',
      'Invite',
      'Message',
      'Mine',
    ]);
    const current = links.filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Message']);
  });

  it('renders nothing on a hidden path', () => {
    renderAt('/mine/edit');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the unread count badge, capped', () => {
    const withCount = items.map((item) =>
      item.to === '/message' ? { ...item, count: 150 } : item,
    );
    renderAt('/', withCount);
    const link = screen.getByRole('link', { name: /Message/ });
    expect(link.textContent).toBe('99+Message');
  });

  it('shows no badge when nothing is unread', () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: /Message/ }).textContent).toBe('Message');
  });
});
