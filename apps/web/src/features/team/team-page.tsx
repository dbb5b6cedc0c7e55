import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ApiTeamMember } from '@app/contracts';
import { useGetMe, useListInvites } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { formatDayMonthYear } from '../../lib/format-date';

type LevelKey = 'level1' | 'level2' | 'level3';

const LEVELS: { key: LevelKey; label: string }[] = [
  { key: 'level1', label: 'L1' },
  { key: 'level2', label: 'L2' },
  { key: 'level3', label: 'L3' },
];

/** Counter of a team level: members holding a VIP level, and all members. */
export function teamCounts(members: readonly ApiTeamMember[]): { vip: number; total: number } {
  return { vip: members.filter((m) => m.vip_level > 0).length, total: members.length };
}

function TeamLevel({ label, members }: { label: string; members: ApiTeamMember[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { vip, total } = teamCounts(members);
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
          aria-label={t('team.countLabel', { vip, total })}
        >
          {vip} / {total}
        </span>
        <span className="dropdown__caret" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open ? (
        <div id={panelId}>
          {members.length === 0 ? (
            <p className="empty">{t('common.noRecords')}</p>
          ) : (
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
          )}
        </div>
      ) : null}
    </li>
  );
}

export function TeamPage() {
  const { t } = useTranslation();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const invites = useListInvites({ query: { refetchOnMount: 'always' } });
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
      {invites.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {invites.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {invites.data ? (
        <ul className="team-levels">
          {LEVELS.map((level) => (
            <TeamLevel key={level.key} label={level.label} members={invites.data[level.key]} />
          ))}
        </ul>
      ) : null}
    </main>
  );
}
