import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  LANGUAGE_LABELS,
  currentLanguage,
  isLanguage,
  setLanguage,
} from '../../lib/i18n';
import { Dropdown } from './dropdown';

/** Ru / En / Uz; the choice is kept in localStorage under "lang". */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <Dropdown
      className={className}
      label={t('common.language')}
      items={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_LABELS[lng] }))}
      value={value}
      onChange={(lng) => void setLanguage(lng)}
    />
  );
}
