import { useTranslation } from 'react-i18next';
import { reloadToUpdate, usePwaState } from '../../lib/pwa';

/**
 * Two bars above every screen: "offline, the last saved data is shown" while
 * the network does not answer, and "a new version is ready" with Reload while
 * a new service worker waits.
 */
export function AppStatus() {
  const { t } = useTranslation();
  const { offline, updateReady } = usePwaState();
  if (!offline && !updateReady) return null;
  return (
    <div className="app-status">
      {offline ? (
        <p className="app-status__bar" role="status" data-testid="offline-banner">
          {t('common.offline')}
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
