import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useGetProgress } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { formatDayMonthYear } from '../../lib/format-date';

/**
 * `/progress`: the member's level and quota, and the six VIP goals against
 * what they deposited. A level the member holds says so (a VIP 1 member is
 * not "85 / 150 to VIP1"); the goals above it show what is left. The
 * membership's end is a date, which fits a 320 px card on one line.
 */
export function ProgressPage() {
  const { t } = useTranslation();
  const progress = useGetProgress({ query: { refetchOnMount: 'always' } });
  const data = progress.data;
  // The first goal above the level the member holds.
  const next = data?.levels.find((level) => level.level > data.vip_level);
  return (
    <main className="page">
      <PageHeader title={t('routes.progress')} backTo="/" backLabel={t('common.back')} />
      {data ? (
        <>
          <dl className="stats-card" data-testid="progress-card">
            <div>
              <dt className="stats-card__label">{t('progress.level')}</dt>
              <dd className="stats-card__value">VIP{data.vip_level}</dd>
            </div>
            <div>
              <dt className="stats-card__label">{t('progress.dailyTasks')}</dt>
              <dd className="stats-card__value">{data.daily_tasks}</dd>
            </div>
            <div className="stats-card__row">
              <dt className="stats-card__label">{t('progress.until')}</dt>
              <dd className="stats-card__value stats-card__value--nowrap">
                {data.vip_expire ? formatDayMonthYear(data.vip_expire) : '—'}
              </dd>
            </div>
          </dl>
          <p className="form__note">{t('progress.measure')}</p>
          {next ? (
            <p className="form__note" data-testid="progress-next">
              {t('progress.next', {
                level: next.level,
                left: formatUsdt(Math.max(0, next.goal - next.value)),
              })}
            </p>
          ) : null}
          <ul className="record-list">
            {data.levels.map((level) => {
              const held = level.level <= data.vip_level;
              const shown = held ? level.goal : Math.min(level.value, level.goal);
              return (
                <li key={level.level} className="record-row" data-testid="progress-level">
                  <div className="record-row__main">
                    <span className="record-row__type">VIP{level.level}</span>
                    <span>
                      {held
                        ? t(level.level === data.vip_level ? 'progress.current' : 'progress.held')
                        : `${formatUsdt(shown)} / ${formatUsdt(level.goal)} USDT`}
                    </span>
                  </div>
                  <div
                    className="progress-bar"
                    role="progressbar"
                    aria-label={`VIP${level.level}`}
                    aria-valuemin={0}
                    aria-valuemax={level.goal}
                    aria-valuenow={shown}
                  >
                    <span style={{ width: `${Math.min(100, (shown / level.goal) * 100)}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="empty">{t('common.loading')}</p>
      )}
    </main>
  );
}
