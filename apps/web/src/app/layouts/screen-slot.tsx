import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PageFallback } from './page-fallback';

interface CatcherProps {
  children: ReactNode;
  failed: ReactNode;
  /** A new value (another path) clears a failure: that screen is tried. */
  resetKey: string;
}

/**
 * Catches what its screen throws while loading or drawing; React's only way
 * is a class. Not keyed by the path: a key would mount the whole shell
 * again on every move from screen to screen.
 */
class Catcher extends Component<CatcherProps, { error: boolean }> {
  override state = { error: false };

  static getDerivedStateFromError() {
    return { error: true };
  }

  override componentDidUpdate(previous: CatcherProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey)
      this.setState({ error: false });
  }

  override render() {
    return this.state.error ? this.props.failed : this.props.children;
  }
}

/** What a member sees instead of a screen that failed: what happened and the way on. */
function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <main className="page">
      {/* PageHeader's markup without its back link: the first screen's bundle need not take it and its icon. */}
      <header className="page-header">
        <span className="page-header__spacer" />
        <h1 className="page-header__title">{t('common.screenFailed')}</h1>
      </header>
      <p className="empty" role="alert">
        {t('common.screenFailedHint')}
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {t('common.reload')}
      </button>
    </main>
  );
}

/**
 * Where a screen goes: its spinner while its chunk and words arrive, and if
 * they never do (a phone's network dropped, a new release replaced the chunk
 * this page knew of) or the screen throws, a heading, what happened and a
 * reload, instead of the blank page React leaves when nothing catches.
 * Going to another screen tries again.
 */
export function ScreenSlot({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Catcher resetKey={pathname} failed={<ScreenFailed />}>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </Catcher>
  );
}
