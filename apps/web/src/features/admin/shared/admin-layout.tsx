import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { QueueCounts } from '@app/contracts';
import { useGetMe, useGetQueueCounts, useStaffOverview } from './api';
import { Badge } from '../../../components/ui/badge';
import { PageHeader } from '../../../components/ui/page-header';
import { i18n, loadAdminStrings } from '../../../lib/i18n';
import { canUse, type StaffArea } from '../../../lib/staff';
import { useDesk } from '../../../lib/desk';

/** Which queues' counts a tab shows (their sum): what waits for the operator there. */
const TAB_QUEUES: Record<string, (keyof QueueCounts)[]> = {
  withdrawals: ['withdrawals'],
  money: ['held_deposits', 'deposit_gaps'],
  reviews: ['card_deposits', 'verifications', 'reports'],
  support: ['support'],
};

const TABS: { to: string; key: string; area: StaffArea; end?: boolean }[] = [
  { to: '/admin', key: 'dashboard', area: 'any', end: true },
  { to: '/admin/members', key: 'members', area: 'any' },
  { to: '/admin/withdrawals', key: 'withdrawals', area: 'money' },
  { to: '/admin/money', key: 'money', area: 'money' },
  { to: '/admin/risk', key: 'risk', area: 'money' },
  { to: '/admin/reviews', key: 'reviews', area: 'any' },
  { to: '/admin/economy', key: 'economy', area: 'any' },
  { to: '/admin/content', key: 'content', area: 'admin' },
  { to: '/admin/staff', key: 'staff', area: 'admin' },
  { to: '/admin/messages', key: 'messages', area: 'people' },
  { to: '/admin/support', key: 'support', area: 'people' },
  { to: '/admin/audit', key: 'audit', area: 'any' },
];

/**
 * The operator area: navigation by what the operator's role may open, then the page.
 * On a phone, wrapping tabs above a column; at a desk (DESK_QUERY), a side navigation
 * beside content that uses the width. Tabs with queues count what waits there,
 * live (a `queue` event refetches the counts, lib/live-events.ts) and on focus.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const desk = useDesk();
  // The area's words come in their own chunk; the page waits for them.
  const [ready, setReady] = useState(() => i18n.exists('admin.title'));
  useEffect(() => {
    let live = true;
    void loadAdminStrings().then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  const role = useGetMe().data?.role;
  const counts = useGetQueueCounts({
    query: { enabled: ready && role !== undefined, refetchOnWindowFocus: true },
  }).data;
  // Staff changes waiting for a second admin count on the staff tab (admins only).
  const staff = useStaffOverview({
    query: { enabled: ready && role === 'admin', refetchOnWindowFocus: true },
  }).data;
  const waiting = (key: string) =>
    key === 'staff'
      ? (staff?.pending_requests ?? 0)
      : (TAB_QUEUES[key] ?? []).reduce((sum, queue) => sum + (counts?.[queue] ?? 0), 0);
  const className = desk ? 'page admin admin--desk' : 'page admin';
  if (!ready) return <main className={className} aria-busy="true" />;
  return (
    <main className={className} data-layout={desk ? 'desk' : 'phone'}>
      {/* Operators land here after signing in; their member home is one tap away. */}
      <PageHeader title={t('admin.title')} backTo="/" backLabel={t('admin.memberHome')} />
      <nav className={desk ? 'admin-sidenav' : 'admin-tabs'} aria-label={t('admin.tabs.label')}>
        {TABS.filter((tab) => canUse(role, tab.area)).map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => `tabs__tab${isActive ? ' is-active' : ''}`}
          >
            {t(`admin.tabs.${tab.key}` as 'admin.tabs.dashboard')}
            <Badge count={waiting(tab.key)} label={t('admin.queues.waiting')} />
          </NavLink>
        ))}
        <Link to="/" className="tabs__tab" data-testid="member-home">
          {t('admin.memberHome')}
        </Link>
      </nav>
      <div className="admin__content">
        <Outlet />
      </div>
    </main>
  );
}
