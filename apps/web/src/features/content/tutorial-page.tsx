import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetSite } from './api';
import { PageHeader } from '../../components/ui/page-header';

export const TUTORIAL_SLIDE_MS = 2500;
const SWIPE_PX = 40;

/**
 * `/tutorial`: the Recharge and Withdraw videos operators set, in a slider
 * that moves every 2.5 s and loops; arrows, the dots, the keyboard and a
 * swipe move it too, and it holds still while a finger or the focus is on it.
 */
export function TutorialPage() {
  const { t } = useTranslation();
  const tutorial = useGetSite().data?.tutorial;
  const slides = [
    { key: 'recharge', video: tutorial?.recharge ?? null },
    { key: 'withdraw', video: tutorial?.withdraw ?? null },
  ] as const;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);
  const go = (step: number) => setIndex((i) => (i + step + slides.length) % slides.length);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % 2), TUTORIAL_SLIDE_MS);
    return () => clearInterval(timer);
  }, [paused]);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    if (event.key === 'ArrowLeft') go(-1);
  };
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    setPaused(true);
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current !== null) {
      const moved = event.clientX - start.current;
      if (Math.abs(moved) > SWIPE_PX) go(moved < 0 ? 1 : -1);
    }
    start.current = null;
    setPaused(false);
  };

  return (
    <main className="page">
      <PageHeader title={t('routes.tutorial')} backTo="/" backLabel={t('common.back')} />
      <section
        className="tutorial"
        aria-roledescription="carousel"
        aria-label={t('routes.tutorial')}
        tabIndex={0}
        onKeyDown={onKey}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        {slides.map((slide, i) => (
          <div
            key={slide.key}
            className={`tutorial__slide${i === index ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={t(`tutorial.${slide.key}`)}
            aria-hidden={i !== index}
            data-testid={`tutorial-${slide.key}`}
          >
            <h2 className="section-title">{t(`tutorial.${slide.key}`)}</h2>
            {slide.video ? (
              i === index ? (
                <iframe
                  className="player"
                  title={t(`tutorial.${slide.key}`)}
                  src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(slide.video)}?mute=1&playsinline=1`}
                  allow="autoplay; encrypted-media; picture-in-picture"
                  allowFullScreen
                />
              ) : null
            ) : (
              <p className="empty">{t('tutorial.none')}</p>
            )}
          </div>
        ))}
        <div className="dots">
          <button
            type="button"
            className="dots__arrow"
            onClick={() => go(-1)}
            aria-label={t('tutorial.previous')}
          >
            ‹
          </button>
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className={i === index ? 'is-active' : ''}
              aria-label={t(`tutorial.${slide.key}`)}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
          <button
            type="button"
            className="dots__arrow"
            onClick={() => go(1)}
            aria-label={t('tutorial.next')}
          >
            ›
          </button>
        </div>
      </section>
    </main>
  );
}
