import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ListInvitesLevel } from '@app/contracts';
import { useGetMe, useTeamLevelPages } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { formatDayMonthYear } from '../../lib/format-date';

const LEVELS: { level: ListInvitesLevel; label: string }[] = [
  { level: 1, label: 'L1' },
  { level: 2, label: 'L2' },
  { level: 3, label: 'L3' },
];

/** One level: its counts in the header, its members a page at a time when opened. */
function TeamLevel({ level, label }: { level: ListInvitesLevel; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const pages = useTeamLevelPages(level);
  const members = pages.data?.pages.flatMap((page) => page[`level${level}`]) ?? [];
  const counts = pages.data?.pages[0]?.counts;
  const panelId = `team-${label}`;
  return (
    <li className="team-level">
      <button
        type="button"
        className="team-level__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="team-level__name">{label}</span>
        <span
          className="team-level__count"
          data-testid={`team-count-${label}`}
          aria-label={
            counts ? t('team.countLabel', { vip: counts.vip, total: counts.total }) : undefined
          }
        >
          {counts ? `${counts.vip} / ${counts.total}` : '…'}
        </span>
        <span className="dropdown__caret" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open ? (
        <div id={panelId}>
          {pages.isPending ? <p className="empty">{t('common.loading')}</p> : null}
          {pages.isError ? <p className="empty">{t('errors.generic')}</p> : null}
          {pages.isSuccess && members.length === 0 ? (
            <p className="empty">{t('common.noRecords')}</p>
          ) : null}
          {members.length > 0 ? (
            <ul className="team-members">
              {members.map((member) => (
                <li key={member.id} className="team-member">
                  <span>{`user_${member.id}`}</span>
                  <span className="vip-chip vip-chip--small">{`V${member.vip_level}`}</span>
                  <span className="team-member__date">
                    {t('team.registered', { date: formatDayMonthYear(member.created_at) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {pages.hasNextPage ? (
            <button
              type="button"
              className="button button--ghost button--block load-more"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
            >
              {pages.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export function TeamPage() {
  const { t } = useTranslation();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const user = me.data;

  return (
    <main className="page">
      <PageHeader title={t('routes.team')} backTo="/mine" backLabel={t('common.back')} />
      <dl className="summary-list">
        <div>
          <dt>{t('team.ownId')}</dt>
          <dd data-testid="team-own-id">{user?.id ?? '…'}</dd>
        </div>
        <div>
          <dt>{t('team.superiorId')}</dt>
          <dd data-testid="team-superior-id">{user ? (user.inviter_id ?? '-') : '…'}</dd>
        </div>
        <div>
          <dt>{t('team.benefits')}</dt>
          <dd>{formatUsdt(user?.team_earn ?? 0)} USDT</dd>
        </div>
      </dl>
      <p className="form__note">{t('team.countLegend')}</p>
      <ul className="team-levels">
        {LEVELS.map((level) => (
          <TeamLevel key={level.level} level={level.level} label={level.label} />
        ))}
      </ul>
    </main>
  );
}
