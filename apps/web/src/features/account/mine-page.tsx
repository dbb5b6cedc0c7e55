import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetMe, useGetToday, useSignOut } from './api';
import { BalanceGrid } from '../../components/ui/balance-grid';
import { ChevronIcon, InfoIcon, ShieldIcon, TeamIcon, UserIcon } from '../../components/ui/icons';
import { LanguageSelect } from '../../components/ui/language-select';
import { SupportLink } from '../../components/ui/support-link';
import { displayName } from './display-name';
import { isStaff } from '../../lib/staff';

export function MinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // The dashboard always shows fresh balances when opened.
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const today = useGetToday({ query: { refetchOnMount: 'always' } });
  const user = me.data;

  const onSignOut = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };

  const rows = [
    { to: '/mine/statement', label: t('mine.statement') },
    { to: '/mine/funding', label: t('mine.funding') },
    { to: '/mine/recharge-records', label: t('mine.rechargeRecords') },
    { to: '/mine/withdrawal-history', label: t('mine.withdrawalHistory') },
    {
      to: '/mine/verified',
      label: t('mine.verified'),
      detail: user ? t(`verified.status.${user.verification}`) : undefined,
    },
    { to: '/mine/management', label: t('mine.addressBook') },
    { to: '/mine/proof', label: t('mine.proof') },
    { to: '/mine/subscribe', label: t('mine.subscribe') },
    { to: '/mine/about', label: t('mine.aboutUs') },
    ...(isStaff(user?.role) ? [{ to: '/admin', label: t('mine.operator') }] : []),
  ];

  return (
    <main className="page mine">
      <h1 className="visually-hidden">{t('mine.title')}</h1>
      <section className="profile-card" aria-label={t('mine.profile')}>
        <div className="avatar" aria-hidden="true">
          {user ? displayName(user).slice(0, 1).toUpperCase() : ''}
        </div>
        <div>
          <p className="profile-card__name">{user ? displayName(user) : '…'}</p>
          <p className="profile-card__id">
            {t('mine.id')}: {user?.id ?? '…'}
          </p>
        </div>
        {user ? <span className="vip-chip">{`VIP${user.vip_level}`}</span> : null}
      </section>

      {me.isError ? (
        <p className="form__error" role="alert">
          {t('errors.generic')}
        </p>
      ) : null}

      <BalanceGrid
        label={t('mine.balances')}
        items={[
          {
            label: t('mine.wallet'),
            amount: user?.money ?? 0,
            to: '/mine/statement?account=money',
            testId: 'balance-money',
          },
          {
            label: t('mine.points'),
            amount: user?.points ?? 0,
            to: '/mine/statement?account=points',
          },
          {
            label: t('mine.hold'),
            amount: user?.points_hold ?? 0,
            to: '/mine/statement?account=points_hold',
          },
          {
            label: t('mine.todayEarnings'),
            amount: today.data?.amount ?? 0,
            testId: 'today-earnings',
          },
          { label: t('mine.totalRevenue'), amount: user?.total_earn ?? 0 },
          { label: t('mine.teamRevenue'), amount: user?.team_earn ?? 0 },
        ]}
      />

      <div className="action-row">
        <Link to="/mine/recharge" className="button button--primary button--small">
          {t('mine.recharge')}
        </Link>
        <Link to="/mine/transfer" className="button button--ghost button--small">
          {t('mine.transfer')}
        </Link>
        <Link to="/mine/withdrawal-method" className="button button--ghost button--small">
          {t('mine.withdraw')}
        </Link>
      </div>

      <nav className="tiles tiles--four" aria-label={t('mine.shortcuts')}>
        <Link to="/about" className="tile">
          <InfoIcon className="tile__glyph" />
          <span>{t('mine.about')}</span>
        </Link>
        <Link to="/mine/edit" className="tile">
          <UserIcon className="tile__glyph" />
          <span>{t('mine.profile')}</span>
        </Link>
        <Link to="/mine/team" className="tile">
          <TeamIcon className="tile__glyph" />
          <span>{t('mine.team')}</span>
        </Link>
        <Link to="/mine/safety" className="tile">
          <ShieldIcon className="tile__glyph" />
          <span>{t('mine.safety')}</span>
        </Link>
      </nav>

      <ul className="menu">
        {rows.map((row) => (
          <li key={row.to}>
            <Link to={row.to} className="menu__row">
              {'detail' in row && row.detail ? (
                // The status under its label: side by side they do not fit 320 px in Russian.
                <span className="menu__stack">
                  <span>{row.label}</span>
                  <span className="pill" data-testid="verification-badge">
                    {row.detail}
                  </span>
                </span>
              ) : (
                <span>{row.label}</span>
              )}
              <ChevronIcon />
            </Link>
          </li>
        ))}
        <li>
          <SupportLink className="menu__row">
            <span>{t('mine.customerService')}</span>
            <ChevronIcon />
          </SupportLink>
        </li>
        <li className="menu__row">
          <span>{t('common.language')}</span>
          <LanguageSelect />
        </li>
      </ul>

      <button type="button" className="button button--danger" onClick={onSignOut}>
        {t('mine.signOut')}
      </button>
    </main>
  );
}
