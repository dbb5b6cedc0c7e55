import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetMe } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { i18n, loadAdminStrings } from '../../lib/i18n';
import { canUse, type StaffArea } from '../../lib/staff';

const TABS: { to: string; key: string; area: StaffArea; end?: boolean }[] = [
  { to: '/admin', key: 'dashboard', area: 'any', end: true },
  { to: '/admin/members', key: 'members', area: 'any' },
  { to: '/admin/money', key: 'money', area: 'money' },
  { to: '/admin/reviews', key: 'reviews', area: 'any' },
  { to: '/admin/economy', key: 'economy', area: 'any' },
  { to: '/admin/content', key: 'content', area: 'admin' },
  { to: '/admin/messages', key: 'messages', area: 'people' },
  { to: '/admin/audit', key: 'audit', area: 'any' },
];

/** The operator area: tabs by what the operator's role may open, then the page. */
export function AdminLayout() {
  const { t } = useTranslation();
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
  if (!ready) return <main className="page admin" aria-busy="true" />;
  return (
    <main className="page admin">
      <PageHeader title={t('admin.title')} backTo="/mine" backLabel={t('common.back')} />
      <nav className="admin-tabs" aria-label={t('admin.tabs.label')}>
        {TABS.filter((tab) => canUse(role, tab.area)).map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) => `tabs__tab${isActive ? ' is-active' : ''}`}
          >
            {t(`admin.tabs.${tab.key}` as 'admin.tabs.dashboard')}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </main>
  );
}
