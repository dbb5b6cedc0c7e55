import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['ru', 'en', 'uz'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { ru: 'Ru', en: 'En', uz: 'Uz' };

/** localStorage key of the chosen language (spec section 3). */
export const LANG_KEY = 'lang';
export const DEFAULT_LANGUAGE: Language = 'ru';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANG_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  try {
    localStorage.setItem(LANG_KEY, lng);
  } catch {
    // Private mode: the choice just lasts for this visit.
  }
}

i18n.on('languageChanged', applyLanguage);

/**
 * Each language is a chunk of its own, fetched when chosen: a member
 * downloads only the words they read (about 10 KB gzip instead of 30).
 */
const LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  ru: () => import('../locales/ru.json'),
  en: () => import('../locales/en.json'),
  uz: () => import('../locales/uz.json'),
};

/** The operator area's words, under `admin`: members never download them. */
const ADMIN_LOADERS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  ru: () => import('../locales/admin/ru.json'),
  en: () => import('../locales/admin/en.json'),
  uz: () => import('../locales/admin/uz.json'),
};
let adminWanted = false;

async function loadAdmin(lng: Language): Promise<void> {
  if (i18n.exists('admin.title', { lng })) return;
  const { default: admin } = await ADMIN_LOADERS[lng]();
  i18n.addResourceBundle(lng, 'translation', { admin }, true, true);
}

export async function loadLanguage(lng: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lng, 'translation')) {
    const { default: resource } = await LOADERS[lng]();
    i18n.addResourceBundle(lng, 'translation', resource, true, true);
  }
  if (adminWanted) await loadAdmin(lng);
}

/** The operator area asks for its words once; a later language change brings them too. */
export async function loadAdminStrings(): Promise<void> {
  adminWanted = true;
  await loadAdmin(currentLanguage());
}

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: storedLanguage(),
  // Every language has every key (i18n.test.ts), so none falls back to
  // another, which would mean downloading two.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
applyLanguage(i18n.language);

/** Resolves once the words of the stored language are in: main.tsx renders then. */
export const i18nReady: Promise<void> = loadLanguage(currentLanguage());

export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
