import { useTranslation } from 'react-i18next';
import { useIsAuthorized } from '../../lib/auth';
import { useScreenNotSaved } from '../../lib/offline-screen';
import { reloadToUpdate, usePwaState } from '../../lib/pwa';

/**
 * Two bars above every screen: one while the network does not answer, and
 * "a new version is ready" with Reload while a new service worker waits. The
 * offline bar says what is true: signed out, that signing in needs the
 * network (nothing of a member is kept); signed in, that the screen shows
 * what this device saved, or that this screen was never saved.
 */
export function AppStatus() {
  const { t } = useTranslation();
  const { offline, updateReady } = usePwaState();
  const signedIn = useIsAuthorized();
  const notSaved = useScreenNotSaved();
  if (!offline && !updateReady) return null;
  const offlineText = !signedIn
    ? t('common.offlineSignedOut')
    : notSaved
      ? t('common.offlineNotSaved')
      : t('common.offline');
  return (
    <div className="app-status">
      {offline ? (
        <p className="app-status__bar" role="status" data-testid="offline-banner">
          {offlineText}
        </p>
      ) : null}
      {updateReady ? (
        <div className="app-status__bar app-status__bar--update" role="alert">
          <span>{t('common.updateReady')}</span>
          <button type="button" className="app-status__reload" onClick={reloadToUpdate}>
            {t('common.reload')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
