import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ApiTrailerSummary, BannerItem } from '@app/contracts';
import { resolveApiUrl, useGetMainMessage, useGetSite, useListTrailers } from './api';
import {
  BonusIcon,
  ChallengeIcon,
  CrownIcon,
  InfoIcon,
  MomentsIcon,
  PlayIcon,
} from '../../components/ui/icons';
import { Poster } from '../../components/ui/poster';
import { useRunningCampaignText } from '../../components/ui/campaign-note';

/** The server's key for "the invitation campaign": its words come from the running one. */
const PROMOTION_MESSAGE = 'main_message.promotion';

const SLIDE_MS = 2500;
const SLIDES = 4;

const SHORTCUTS = [
  { to: '/about', key: 'home.tiles.about', Icon: InfoIcon },
  { to: '/bonus', key: 'home.tiles.bonus', Icon: BonusIcon },
  { to: '/tutorial', key: 'home.tiles.tutorial', Icon: PlayIcon },
  { to: '/challenge', key: 'home.tiles.challenge', Icon: ChallengeIcon },
  { to: '/progress', key: 'home.tiles.progress', Icon: CrownIcon },
  { to: '/moments', key: 'home.tiles.moments', Icon: MomentsIcon },
] as const;

/** Operator banners (images) when there are any; the slogan slides otherwise. */
function Banner() {
  const banners = useGetSite().data?.banners ?? [];
  if (banners.length > 0) return <ImageBanner banners={banners} />;
  return <SloganBanner />;
}

function ImageBanner({ banners }: { banners: BannerItem[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % banners.length), SLIDE_MS);
    return () => clearInterval(timer);
  }, [banners.length]);
  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t('home.banner')}>
      {banners.map((banner, i) => {
        const image = (
          <img
            src={resolveApiUrl(banner.image_url)}
            alt={t('home.bannerImage', { n: i + 1 })}
            className="banner__image"
            // The first slide is the page's largest image: never lazy.
            loading={i === 0 ? 'eager' : 'lazy'}
          />
        );
        const link = banner.link;
        return (
          <div
            key={banner.id}
            className={`banner__slide ${i === index % banners.length ? 'is-active' : ''}`}
            aria-hidden={i !== index % banners.length}
          >
            {link?.startsWith('/') ? (
              <Link to={link}>{image}</Link>
            ) : link ? (
              <a href={link} target="_blank" rel="noopener noreferrer">
                {image}
              </a>
            ) : (
              image
            )}
          </div>
        );
      })}
    </section>
  );
}

function SloganBanner() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES), SLIDE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t('home.banner')}>
      {Array.from({ length: SLIDES }, (_, i) => (
        <div
          key={i}
          className={`banner__slide banner__slide--${i + 1} ${i === index ? 'is-active' : ''}`}
          aria-hidden={i !== index}
        >
          <span>{t('home.slogan')}</span>
        </div>
      ))}
      <div className="dots">
        {Array.from({ length: SLIDES }, (_, i) => (
          <button
            key={i}
            type="button"
            className={i === index ? 'is-active' : ''}
            aria-label={t('home.slide', { n: i + 1 })}
            aria-current={i === index}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}

/** The operators' announcement; the campaign one only while a campaign runs. */
function MessageStrip() {
  const { t, i18n } = useTranslation();
  // An operator may write the strip per language; the API falls back to the common one.
  const lang = (['ru', 'en', 'uz'] as const).find((l) => i18n.language.startsWith(l));
  const { data } = useGetMainMessage(lang ? { lang } : undefined);
  const message = data?.message;
  const campaign = useRunningCampaignText(message === PROMOTION_MESSAGE);
  const text = message === PROMOTION_MESSAGE ? campaign : message;
  if (!text) return null;
  // Two copies side by side scroll as one endless strip that starts full.
  return (
    <div className="ticker" role="marquee" aria-label={t('home.announcement')}>
      <div className="ticker__track">
        <span className="ticker__text">{text}</span>
        <span className="ticker__text" aria-hidden="true">
          {text}
        </span>
      </div>
    </div>
  );
}

/** The hot list's first posters are on the first screen of a phone. */
const EAGER_POSTERS = 4;

function TrailerImage({ trailer, eager }: { trailer: ApiTrailerSummary; eager?: boolean }) {
  return <Poster src={trailer.image_url} eager={eager} />;
}

/** Cards of the real size while the list loads: nothing below moves when it comes. */
function HotCardPlaceholders() {
  return Array.from({ length: EAGER_POSTERS }, (_, i) => (
    <li key={i} aria-hidden="true">
      <span className="hot-card">
        <span className="poster poster--empty" />
        <span className="hot-card__title">&nbsp;</span>
      </span>
    </li>
  ));
}

/** The hot list: re-rendered only when the trailers change. */
const HotList = memo(function HotList({
  trailers,
  loading,
}: {
  trailers: ApiTrailerSummary[] | undefined;
  loading: boolean;
}) {
  return (
    <ul className="hot-list">
      {loading ? <HotCardPlaceholders /> : null}
      {(trailers ?? []).map((trailer, i) => (
        <li key={trailer.id}>
          <Link to={`/films/${trailer.id}`} className="hot-card">
            <TrailerImage trailer={trailer} eager={i < EAGER_POSTERS} />
            <span className="hot-card__title">{trailer.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
});

/** The newest first, with their descriptions. */
const NewestList = memo(function NewestList({
  trailers,
}: {
  trailers: ApiTrailerSummary[] | undefined;
}) {
  const newest = useMemo(() => [...(trailers ?? [])].sort((a, b) => b.id - a.id), [trailers]);
  return (
    <ul className="movie-list">
      {newest.map((trailer) => (
        <li key={trailer.id}>
          <Link to={`/films/${trailer.id}`} className="movie-row">
            <TrailerImage trailer={trailer} />
            <span className="movie-row__text">
              <span className="movie-row__title">{trailer.title}</span>
              <span className="movie-row__description clamp-3">{trailer.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
});

/** The operator's links (site media), when set: their own subscriber, not the page's. */
function MediaLinks() {
  const { t } = useTranslation();
  // Only the links an operator set: never a bare domain root.
  const media = useGetSite().data?.media ?? [];
  if (media.length === 0) return null;
  return (
    <section aria-labelledby="home-media">
      <h2 id="home-media" className="section-title">
        {t('home.ourMedia')}
      </h2>
      <ul className="media">
        {media.map((item) => (
          <li key={item.kind}>
            <a href={item.url} target="_blank" rel="noopener noreferrer">
              {t(`home.media.${item.kind}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The hot list and the newest: the only part of the page the trailers' answer renders again. */
function TrailerSections() {
  const { t } = useTranslation();
  const trailers = useListTrailers();
  // The lists (most of the page's work) follow a step behind, in a render
  // React slices into short tasks, so they never block the main thread long
  // (issue 41, total blocking time).
  const shown = useDeferredValue(trailers.data);
  const loading = shown === undefined && !trailers.isError;
  return (
    <>
      <section aria-labelledby="home-hot">
        <h2 id="home-hot" className="section-title">
          {t('home.hotPick')}
        </h2>
        {loading ? (
          <p className="visually-hidden" role="status">
            {t('common.loading')}
          </p>
        ) : null}
        {shown?.length === 0 ? <p className="empty">{t('common.noRecords')}</p> : null}
        <HotList trailers={shown} loading={loading} />
      </section>

      <section aria-labelledby="home-new">
        <h2 id="home-new" className="section-title">
          {t('home.newMovie')}
        </h2>
        <NewestList trailers={shown} />
      </section>
    </>
  );
}

/**
 * The page itself subscribes to no query: each answer (trailers, site,
 * the strip's message) renders again only the part that shows it, never the
 * whole page (issue 41, total blocking time).
 */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <main className="page home">
      <header className="home__header">
        <h1 className="brand">{t('common.brand')}</h1>
      </header>
      <Banner />
      <MessageStrip />
      <nav className="tiles" aria-label={t('home.shortcuts')}>
        {SHORTCUTS.map((tile) => (
          <Link key={tile.to} to={tile.to} className="tile">
            <tile.Icon className="tile__glyph" />
            <span>{t(tile.key)}</span>
          </Link>
        ))}
      </nav>
      <MediaLinks />
      <TrailerSections />
    </main>
  );
}
