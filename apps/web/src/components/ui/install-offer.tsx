import { useTranslation } from 'react-i18next';
import { installApp, pauseInstallOffer, useInstallOffer } from '../../lib/install';

/** A bar offering to install the app (Chromium's prompt, or the iOS hint), until installed or put off. */
export function InstallOfferBar() {
  const { t } = useTranslation();
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <aside className="install-offer" aria-label={t('install.title')} data-testid="install-offer">
      <p className="install-offer__text">
        <strong>{t('install.title')}</strong>{' '}
        {offer === 'ios' ? t('install.ios') : t('install.text')}
      </p>
      <div className="install-offer__buttons">
        {offer === 'prompt' ? (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void installApp()}
          >
            {t('install.install')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={pauseInstallOffer}
        >
          {t('install.later')}
        </button>
      </div>
    </aside>
  );
}
