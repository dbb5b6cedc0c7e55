import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { Badge } from './badge';

export interface BottomNavItem {
  to: string;
  label: string;
  icon: ReactNode;
  count?: number | null;
  countLabel?: string;
}

const HIDDEN_ON = ['/films/', '/moments/create', '/mine/'];

/** The bar is hidden on detail and account sub-pages (spec section 2). */
export function isBottomNavHidden(pathname: string): boolean {
  return HIDDEN_ON.some((part) => pathname.includes(part));
}

/** "/" only matches itself; other tabs also match their sub-routes. */
export function isTabActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function BottomNav({ items, label }: { items: BottomNavItem[]; label: string }) {
  const { pathname } = useLocation();
  if (isBottomNavHidden(pathname)) return null;
  return (
    <nav className="bottom-nav" aria-label={label}>
      <ul>
        {items.map((item) => {
          const active = isTabActive(item.to, pathname);
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                className={active ? 'bottom-nav__item is-active' : 'bottom-nav__item'}
                aria-current={active ? 'page' : undefined}
              >
                <span className="bottom-nav__icon">
                  {item.icon}
                  <Badge count={item.count} label={item.countLabel} />
                </span>
                <span className="bottom-nav__title">{item.label}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
