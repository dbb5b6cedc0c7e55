import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetTrailer, type ApiTrailer } from '@app/contracts';
import { PlayIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { Poster } from '../../components/ui/poster';

/** Only safe characters reach the embed URL. */
export function embedUrl(trailerKey: string): string | null {
  if (!/^[\w-]{1,64}$/.test(trailerKey)) return null;
  return `https://www.youtube-nocookie.com/embed/${trailerKey}?autoplay=1&rel=0&playsinline=1`;
}

/**
 * The external player loads only on demand: nothing leaves the page until the
 * member presses play, so offline runs and slow networks keep a light page.
 */
function Player({ trailer }: { trailer: ApiTrailer }) {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState(false);
  const src = embedUrl(trailer.trailer_key);
  if (playing && src) {
    return (
      <div className="player">
        <iframe
          src={src}
          title={trailer.title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      </div>
    );
  }
  return (
    <div className="player">
      <Poster src={trailer.image_url} />
      <button
        type="button"
        className="player__play"
        onClick={() => setPlaying(true)}
        disabled={!src}
        aria-label={t('films.play', { title: trailer.title })}
      >
        <PlayIcon width={40} height={40} />
      </button>
    </div>
  );
}

export function FilmDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const trailerId = Number(id);
  const trailer = useGetTrailer(trailerId, {
    query: { enabled: Number.isInteger(trailerId) && trailerId > 0 },
  });

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
      {trailer.isError || !Number.isInteger(trailerId) ? (
        <p className="empty">{t('films.notFound')}</p>
      ) : null}
      {trailer.data ? (
        <article className="film-detail">
          <Player trailer={trailer.data} />
          <dl className="film-detail__meta">
            <dt>{t('films.language')}</dt>
            <dd>-</dd>
          </dl>
          <h2 className="section-title">{t('films.introduction')}</h2>
          <p className="film-detail__description">{trailer.data.description}</p>
        </article>
      ) : null}
    </main>
  );
}
