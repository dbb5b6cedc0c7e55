import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useGetMainMessage, useListTrailers, type ApiTrailerSummary } from '@app/contracts';
import {
  BonusIcon,
  ChallengeIcon,
  CrownIcon,
  InfoIcon,
  MomentsIcon,
  PlayIcon,
} from '../../components/ui/icons';
import { Poster } from '../../components/ui/poster';

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

const MEDIA = [
  { href: 'https://www.youtube.com/', key: 'home.media.video' },
  { href: 'https://www.facebook.com/', key: 'home.media.social' },
  { href: 'https://x.com/', key: 'home.media.microblog' },
  { href: 'https://www.instagram.com/', key: 'home.media.photo' },
  { href: 'https://t.me/', key: 'home.media.channel' },
] as const;

function Banner() {
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
      <div className="banner__dots">
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

function MessageStrip() {
  const { t, i18n } = useTranslation();
  // An operator may write the strip per language; the API falls back to the common one.
  const lang = (['ru', 'en', 'uz'] as const).find((l) => i18n.language.startsWith(l));
  const { data } = useGetMainMessage(lang ? { lang } : undefined);
  const message = data?.message;
  if (!message) return null;
  // Server messages are translation keys when the app knows them, plain text otherwise.
  const text = t(`serverMessages.${message}` as 'serverMessages.main_message.promotion', {
    defaultValue: message,
  });
  return (
    <div className="ticker" role="marquee" aria-label={t('home.announcement')}>
      <span className="ticker__text">{text}</span>
    </div>
  );
}

function TrailerImage({ trailer }: { trailer: ApiTrailerSummary }) {
  return <Poster src={trailer.image_url} />;
}

export function HomePage() {
  const { t } = useTranslation();
  const trailers = useListTrailers();
  const newest = useMemo(
    () => [...(trailers.data ?? [])].sort((a, b) => b.id - a.id),
    [trailers.data],
  );

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

      <section aria-labelledby="home-media">
        <h2 id="home-media" className="section-title">
          {t('home.ourMedia')}
        </h2>
        <ul className="media">
          {MEDIA.map((item) => (
            <li key={item.key}>
              <a href={item.href} target="_blank" rel="noopener noreferrer">
                {t(item.key)}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-hot">
        <h2 id="home-hot" className="section-title">
          {t('home.hotPick')}
        </h2>
        {trailers.isPending ? <p className="empty">{t('common.loading')}</p> : null}
        {trailers.isSuccess && trailers.data.length === 0 ? (
          <p className="empty">{t('common.noRecords')}</p>
        ) : null}
        <ul className="hot-list">
          {(trailers.data ?? []).map((trailer) => (
            <li key={trailer.id}>
              <Link to={`/films/${trailer.id}`} className="hot-card">
                <TrailerImage trailer={trailer} />
                <span className="hot-card__title">{trailer.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="home-new">
        <h2 id="home-new" className="section-title">
          {t('home.newMovie')}
        </h2>
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
      </section>
    </main>
  );
}
