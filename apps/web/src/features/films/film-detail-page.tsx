import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type ViewState, formatUsdt } from '@app/domain';
import type { ApiTrailer, ApiWatchResult } from '@app/contracts';
import {
  useGetMe,
  useGetToday,
  useListPackages,
  useOpenTrailer,
  useViewBeats,
  useWatchTrailer,
} from './api';
import { effectiveLevelOf } from '../../lib/membership';
import { PageHeader } from '../../components/ui/page-header';
import { Poster } from '../../components/ui/poster';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { usePageVisible } from './use-page-visible';
import { type PlayerStatus, useYouTubePlayer } from './use-youtube-player';
import { PLAYER_STATE } from './youtube-api';

/** How long the "View counted" popup stays (spec section 9). */
export const VIEW_COUNTED_MS = 1500;

/** Only a video id of safe characters reaches the player. */
export function videoIdOf(trailerKey: string): string | null {
  return /^[\w-]{1,64}$/.test(trailerKey) ? trailerKey : null;
}

/**
 * The trailer in the YouTube player (it starts by itself, muted). A trailer
 * without a usable video, or a player that cannot load, shows its poster
 * whole (portrait posters stay portrait).
 */
function Player({
  trailer,
  status,
  container,
}: {
  trailer: ApiTrailer;
  status: PlayerStatus;
  container: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation();
  const playable = videoIdOf(trailer.trailer_key) !== null;
  return (
    <>
      <div className="player" hidden={!playable || status === 'unavailable'}>
        <div className="player__frame" ref={container} data-testid="player" />
      </div>
      {!playable || status === 'unavailable' ? (
        <div className="player-poster">
          <Poster src={trailer.image_url} />
          <p className="empty">{t(playable ? 'films.playerUnavailable' : 'films.noVideo')}</p>
        </div>
      ) : null}
    </>
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
  // GET /trailers/{id} opens this visit's view on the server; its beats count the play.
  const trailer = useOpenTrailer(trailerId, validId);
  // Its cache updates run even after the member left the page (api/).
  const watch = useWatchTrailer();
  const [counted, setCounted] = useState<ApiWatchResult | null>(null);
  const [ended, setEnded] = useState(false);
  const today = useGetToday();
  const me = useGetMe();
  const packages = useListPackages();
  const level = effectiveLevelOf(me.data);
  const tier = packages.data?.find((p) => p.vip_level === level);
  // Counted already today, before this visit tried: another watch would only end in
  // "already counted", so the page says so and does not try.
  const triedHere = !watch.isIdle && watch.variables?.id === trailerId;
  const watchedToday = !triedHere && (today.data?.trailer_ids ?? []).includes(trailerId);

  const container = useRef<HTMLDivElement>(null);
  const title = trailer.data?.title ?? '';
  const { player, status, state } = useYouTubePlayer(
    container,
    trailer.data ? videoIdOf(trailer.data.trailer_key) : null,
    t('films.play', { title }),
  );
  const visible = usePageVisible();
  const viewState: ViewState = !visible
    ? 'hidden'
    : state === PLAYER_STATE.PLAYING
      ? 'playing'
      : 'paused';
  const viewId = trailer.data?.view_id;
  useViewBeats({
    trailerId,
    viewId,
    state: viewState,
    position: () => player.current?.getCurrentTime() ?? 0,
    active: status === 'ready' && !today.isPending && !watchedToday && !counted,
    onPlayed: () => {
      if (!viewId) return;
      watch.mutate(
        { id: trailerId, data: { view_id: viewId } },
        {
          onSuccess: setCounted,
          onError: (error) => toast(t(apiErrorKey(error))),
        },
      );
    },
    onEnded: () => setEnded(true),
  });
  // A new view (watch here again) starts afresh.
  useEffect(() => setEnded(false), [viewId]);
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
          <Player trailer={trailer.data} status={status} container={container} />
          {ended ? (
            <div className="notice" data-testid="view-ended">
              <p>{t('films.viewEnded')}</p>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => void trailer.refetch()}
              >
                {t('films.watchHere')}
              </button>
            </div>
          ) : null}
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
