import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ApiTrailer, ApiWatchResult } from '@app/contracts';
import { useGetMe, useGetToday, useGetTrailer, useListPackages, useWatchTrailer } from './api';
import { effectiveLevelOf } from '../../lib/membership';
import { PageHeader } from '../../components/ui/page-header';
import { Poster } from '../../components/ui/poster';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { useWatchTimer } from './use-watch-timer';

/** How long the "View counted" popup stays (spec section 9). */
export const VIEW_COUNTED_MS = 1500;

/** Only safe characters reach the embed URL. */
export function embedUrl(trailerKey: string): string | null {
  if (!/^[\w-]{1,64}$/.test(trailerKey)) return null;
  return `https://www.youtube-nocookie.com/embed/${trailerKey}?autoplay=1&mute=1&rel=0&playsinline=1`;
}

/**
 * The spec's player starts by itself. Browsers allow autoplay only muted, so
 * it starts muted and the player's own control turns the sound on. A trailer
 * without a usable video shows its poster whole (portrait posters stay portrait).
 */
function Player({ trailer }: { trailer: ApiTrailer }) {
  const { t } = useTranslation();
  const src = embedUrl(trailer.trailer_key);
  if (!src) {
    return (
      <div className="player-poster">
        <Poster src={trailer.image_url} />
        <p className="empty">{t('films.noVideo')}</p>
      </div>
    );
  }
  return (
    <div className="player">
      <iframe
        src={src}
        title={t('films.play', { title: trailer.title })}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
      />
    </div>
  );
}

/** Shows for 1.5 s; a tap anywhere closes it sooner. */
function ViewCountedPopup({ result, onClose }: { result: ApiWatchResult; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(onClose, VIEW_COUNTED_MS);
    return () => clearTimeout(timer);
  }, [onClose]);
  return (
    <div className="popup-backdrop" onClick={onClose}>
      <div className="popup" role="dialog" aria-modal="true" aria-label={t('films.viewCounted')}>
        <p className="popup__title">{t('films.viewCounted')}</p>
        <p className="popup__amount">+{formatUsdt(result.reward)} USDT</p>
      </div>
    </div>
  );
}

export function FilmDetailPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const { id } = useParams();
  const trailerId = Number(id);
  const validId = Number.isInteger(trailerId) && trailerId > 0;
  // GET /trailers/{id} starts the view on the server; the 10 s count from its answer.
  const trailer = useGetTrailer(trailerId, { query: { enabled: validId } });
  // Its cache updates run even after the member left the page (api/).
  const watch = useWatchTrailer();
  const [counted, setCounted] = useState<ApiWatchResult | null>(null);
  const today = useGetToday();
  const me = useGetMe();
  const packages = useListPackages();
  const level = effectiveLevelOf(me.data);
  const tier = packages.data?.find((p) => p.vip_level === level);
  // Counted already today, before this visit tried: another watch would only end in
  // "already counted" after 10 s, so the page says so and does not try.
  const triedHere = !watch.isIdle && watch.variables?.id === trailerId;
  const watchedToday = !triedHere && (today.data?.trailer_ids ?? []).includes(trailerId);

  useWatchTimer(
    trailerId,
    validId && trailer.isSuccess && !today.isPending && !watchedToday,
    () => {
      watch.mutate(
        { id: trailerId },
        {
          onSuccess: setCounted,
          onError: (error) => toast(t(apiErrorKey(error))),
        },
      );
    },
  );
  const closePopup = useCallback(() => setCounted(null), []);

  return (
    <main className="page">
      <PageHeader
        title={trailer.data?.title ?? t('films.title')}
        backTo="/films"
        backLabel={t('common.back')}
      />
      {trailer.isPending && trailer.fetchStatus !== 'idle' ? (
        <p className="empty">{t('common.loading')}</p>
      ) : null}
      {trailer.isError || !validId ? <p className="empty">{t('films.notFound')}</p> : null}
      {trailer.data ? (
        <article className="film-detail">
          <Player trailer={trailer.data} />
          {watchedToday ? (
            <p className="notice" data-testid="watched-today">
              ✓ {t('films.watchedTodayNote')}
            </p>
          ) : tier && tier.reward_per_trailer === 0 && !counted ? (
            <p className="notice" data-testid="no-reward-note">
              {t('films.noRewardDetail', { amount: formatUsdt(0), level })}
            </p>
          ) : null}
          <dl className="film-detail__meta">
            <dt>{t('films.language')}</dt>
            <dd>-</dd>
          </dl>
          <h2 className="section-title">{t('films.introduction')}</h2>
          <p className="film-detail__description">{trailer.data.description}</p>
        </article>
      ) : null}
      {counted ? <ViewCountedPopup result={counted} onClose={closePopup} /> : null}
    </main>
  );
}
