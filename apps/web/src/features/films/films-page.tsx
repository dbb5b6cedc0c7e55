import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { effectiveVipLevel, formatUsdt } from '@app/domain';
import { useGetMe, useListPackages, useListTrailers } from '@app/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { Poster } from '../../components/ui/poster';

export function FilmsPage() {
  const { t } = useTranslation();
  const trailers = useListTrailers();
  const me = useGetMe();
  const packages = useListPackages();

  const level = me.data
    ? effectiveVipLevel(
        me.data.vip_level,
        me.data.vip_expire ? new Date(me.data.vip_expire) : null,
        new Date(),
      )
    : 0;
  const tier = packages.data?.find((p) => p.vip_level === level);

  return (
    <main className="page">
      <PageHeader title={t('films.title')} />
      <section className="stats-card" aria-label={t('films.summary')}>
        <div>
          <span className="stats-card__label">{t('films.level')}</span>
          <span className="stats-card__value">{`VIP${level}`}</span>
        </div>
        <div>
          <span className="stats-card__label">{t('films.dailyTasks')}</span>
          <span className="stats-card__value">{tier ? tier.daily_trailers : '-'}</span>
        </div>
        <div>
          <span className="stats-card__label">{t('films.rewardPerTrailer')}</span>
          <span className="stats-card__value">
            {tier ? `${formatUsdt(tier.reward_per_trailer)} USDT` : '-'}
          </span>
        </div>
      </section>
      {trailers.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {trailers.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {trailers.isSuccess && trailers.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="film-grid">
        {(trailers.data ?? []).map((trailer) => (
          <li key={trailer.id} className="film-card">
            <Poster src={trailer.image_url} />
            <h2 className="film-card__title">{trailer.title}</h2>
            {tier ? (
              <p className="film-card__income">
                {t('films.income', { amount: formatUsdt(tier.reward_per_trailer) })}
              </p>
            ) : null}
            <Link
              to={`/films/${trailer.id}`}
              className="button button--primary button--small"
              aria-label={`${t('films.watch')}: ${trailer.title}`}
            >
              {t('films.watch')}
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
