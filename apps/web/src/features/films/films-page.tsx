import { memo, useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt, tasksRemaining } from '@app/domain';
import type { ApiPackage, ApiTrailerSummary } from '@app/contracts';
import { useGetMe, useGetToday, useListPackages, useListTrailers } from './api';
import { Dropdown } from '../../components/ui/dropdown';
import { PageHeader } from '../../components/ui/page-header';
import { Poster } from '../../components/ui/poster';
import { effectiveLevelOf } from '../../lib/membership';

/**
 * done/total per level: today's count belongs to the member's effective level
 * (the one that pays); other levels have no trailers counted today.
 */
export function levelProgress(
  packages: readonly ApiPackage[],
  effectiveLevel: number,
  countToday: number,
): { level: number; done: number; total: number }[] {
  return [...packages]
    .sort((a, b) => a.vip_level - b.vip_level)
    .map((tier) => ({
      level: tier.vip_level,
      done: tier.vip_level === effectiveLevel ? Math.min(countToday, tier.daily_trailers) : 0,
      total: tier.daily_trailers,
    }));
}

export function FilmsPage() {
  const { t } = useTranslation();
  const trailers = useListTrailers();
  const me = useGetMe();
  const today = useGetToday({ query: { refetchOnMount: 'always' } });
  const packages = useListPackages();

  const level = effectiveLevelOf(me.data);
  const tier = packages.data?.find((p) => p.vip_level === level);
  const count = today.data?.count ?? 0;
  const remaining = tier && today.data ? tasksRemaining(tier.daily_trailers, count) : null;
  const progress = levelProgress(packages.data ?? [], level, count);
  const [shownLevel, setShownLevel] = useState<string>(String(level));
  const shown = progress.find((p) => String(p.level) === shownLevel);
  // What the cards and the note above them depend on. Until all of it has
  // come, placeholder cards; then the note and the grid arrive in one frame,
  // as new boxes, and nothing already on screen moves (a level-0 member's
  // note coming after the trailers pushed the grid down, and each card's
  // income line its button).
  const settled = !trailers.isPending && !me.isPending && !packages.isPending && !today.isPending;
  // The note and the cards follow a step behind, in a render React slices
  // into short tasks: the figures above update at once, the grid (the most
  // of the page's work) never blocks the main thread long (issue 41).
  const shownSettled = useDeferredValue(settled);

  return (
    <main className="page">
      <PageHeader title={t('films.title')} />
      <section className="stats-card" aria-label={t('films.summary')}>
        <div>
          <span className="stats-card__label">{t('films.todayEarnings')}</span>
          <span className="stats-card__value" data-testid="films-today">
            {formatUsdt(today.data?.amount ?? 0)}
          </span>
        </div>
        <div>
          <span className="stats-card__label">{t('films.tasksRemaining')}</span>
          <span className="stats-card__value" data-testid="tasks-remaining">
            {remaining ?? '-'}
          </span>
        </div>
        <div>
          <span className="stats-card__label">{t('films.level')}</span>
          <span className="stats-card__value">{`VIP${level}`}</span>
        </div>
      </section>
      {/* Its row is there from the start: the grid below never jumps. */}
      <div className="level-progress">
        {progress.length > 0 ? (
          <>
            <span className="level-progress__label">{t('films.progress')}</span>
            <Dropdown
              label={t('films.progress')}
              items={progress.map((p) => ({
                value: String(p.level),
                label: `VIP${p.level} ${p.done}/${p.total}`,
              }))}
              value={String(level)}
              onChange={setShownLevel}
            />
          </>
        ) : null}
        {shown ? (
          <div
            className="progress-bar"
            role="progressbar"
            aria-label={`VIP${shown.level}`}
            aria-valuemin={0}
            aria-valuemax={shown.total}
            aria-valuenow={shown.done}
          >
            <span style={{ width: `${shown.total ? (shown.done / shown.total) * 100 : 0}%` }} />
          </div>
        ) : null}
      </div>
      {shownSettled && tier && tier.reward_per_trailer === 0 && tier.daily_trailers > 0 ? (
        // Told before a task is spent: at this level a watch pays nothing.
        <p className="notice" data-testid="no-reward-note">
          {t('films.noRewardNote', {
            level,
            amount: formatUsdt(0),
            tasks: tier.daily_trailers,
          })}{' '}
          <Link to="/mine/subscribe">{t('mine.subscribe')}</Link>
        </p>
      ) : null}
      {!shownSettled ? (
        <p className="visually-hidden" role="status">
          {t('common.loading')}
        </p>
      ) : null}
      {shownSettled && trailers.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {shownSettled && trailers.isSuccess && trailers.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <FilmGrid
        settled={shownSettled}
        trailers={trailers.data}
        watched={today.data?.trailer_ids}
        rewardPerTrailer={tier?.reward_per_trailer}
      />
    </main>
  );
}

/**
 * The cards, re-rendered only when what they show changes (not on every
 * answer the page above them gets).
 */
const FilmGrid = memo(function FilmGrid({
  settled,
  trailers,
  watched,
  rewardPerTrailer,
}: {
  settled: boolean;
  trailers: ApiTrailerSummary[] | undefined;
  watched: number[] | undefined;
  rewardPerTrailer: number | undefined;
}) {
  const { t } = useTranslation();
  // Trailers counted today: marked, since watching one again pays nothing.
  const watchedToday = new Set(watched ?? []);
  // A list of its own once settled: the placeholders go, the cards come, none moves.
  return (
    <ul className="film-grid" key={settled ? 'films' : 'placeholders'}>
      {!settled
        ? [0, 1].map((i) => (
            <li key={i} className="film-card" aria-hidden="true">
              <span className="poster poster--empty" />
            </li>
          ))
        : null}
      {(settled ? (trailers ?? []) : []).map((trailer, i) => (
        <li
          key={trailer.id}
          className={watchedToday.has(trailer.id) ? 'film-card is-watched' : 'film-card'}
        >
          {/* The first row of the grid is on the first screen. */}
          <Poster src={trailer.image_url} eager={i < 2} />
          <h2 className="film-card__title">{trailer.title}</h2>
          {watchedToday.has(trailer.id) ? (
            <p className="film-card__watched" data-testid="watched-today">
              ✓ {t('films.watchedToday')}
            </p>
          ) : null}
          {rewardPerTrailer !== undefined ? (
            <p className="film-card__income">
              {t('films.income', { amount: formatUsdt(rewardPerTrailer) })}
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
  );
});
