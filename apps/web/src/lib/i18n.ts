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

type Words = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Each language comes in chunks, fetched when chosen, so a member downloads
 * only the words they read: the signed-out pages' words (all the first screen
 * needs), the signed-in screens' words, and the operator area's words, which
 * members never download. The language files stay whole; the build splits
 * them (locale-parts-plugin.ts).
 */
const PARTS = {
  signedOut: {
    ru: () => import('../locales/ru.json?signed-out'),
    en: () => import('../locales/en.json?signed-out'),
    uz: () => import('../locales/uz.json?signed-out'),
  },
  member: {
    ru: () => import('../locales/ru.json?member'),
    en: () => import('../locales/en.json?member'),
    uz: () => import('../locales/uz.json?member'),
  },
  // Under `admin`.
  admin: {
    ru: () => import('../locales/admin/ru.json'),
    en: () => import('../locales/admin/en.json'),
    uz: () => import('../locales/admin/uz.json'),
  },
} satisfies Record<string, Record<Language, Words>>;
type Part = keyof typeof PARTS;

/** The parts asked for so far: a later language change brings them too. */
const wanted = new Set<Part>(['signedOut']);
const loaded = new Set<string>();

async function loadPart(part: Part, lng: Language): Promise<void> {
  if (loaded.has(`${part}:${lng}`)) return;
  const { default: words } = await PARTS[part][lng]();
  i18n.addResourceBundle(
    lng,
    'translation',
    part === 'admin' ? { admin: words } : words,
    true,
    true,
  );
  loaded.add(`${part}:${lng}`);
}

export async function loadLanguage(lng: Language): Promise<void> {
  await Promise.all([...wanted].map((part) => loadPart(part, lng)));
}

/** The signed-in screens ask for their words once (router.tsx, with their chunk). */
export async function loadMemberStrings(): Promise<void> {
  wanted.add('member');
  await loadPart('member', currentLanguage());
}

/** The operator area asks for its words once. */
export async function loadAdminStrings(): Promise<void> {
  wanted.add('admin');
  await loadPart('admin', currentLanguage());
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

/** Resolves once the signed-out words of the stored language are in: main.tsx renders then. */
export const i18nReady: Promise<void> = loadLanguage(currentLanguage());

export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
