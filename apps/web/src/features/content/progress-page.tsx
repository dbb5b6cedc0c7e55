import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useGetProgress } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { formatDateTime } from '../../lib/format-date';

/** `/progress`: the member's level and quota, and the six VIP goals against what they deposited. */
export function ProgressPage() {
  const { t, i18n } = useTranslation();
  const progress = useGetProgress({ query: { refetchOnMount: 'always' } });
  const data = progress.data;
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
            <div>
              <dt className="stats-card__label">{t('progress.until')}</dt>
              <dd className="stats-card__value">
                {data.vip_expire ? formatDateTime(data.vip_expire, i18n.language) : '—'}
              </dd>
            </div>
          </dl>
          <p className="form__note">{t('progress.measure')}</p>
          <ul className="record-list">
            {data.levels.map((level) => (
              <li key={level.level} className="record-row" data-testid="progress-level">
                <div className="record-row__main">
                  <span className="record-row__type">VIP{level.level}</span>
                  <span>
                    {formatUsdt(Math.min(level.value, level.goal))} / {formatUsdt(level.goal)} USDT
                  </span>
                </div>
                <div
                  className="progress-bar"
                  role="progressbar"
                  aria-label={`VIP${level.level}`}
                  aria-valuemin={0}
                  aria-valuemax={level.goal}
                  aria-valuenow={Math.min(level.value, level.goal)}
                >
                  <span style={{ width: `${Math.min(100, (level.value / level.goal) * 100)}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="empty">{t('common.loading')}</p>
      )}
    </main>
  );
}
