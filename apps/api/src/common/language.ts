import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { toUzbekApostrophes } from '@app/domain';
import { ValidationFailed, type ValidationIssue } from './app-error';

/**
 * Content in the member's interface language (contract section 10): the web
 * client sends its language as `Accept-Language`; operators write content per
 * language; the API answers with the first language the reader accepts that
 * the content has, then Russian, then whichever is present
 * (docs/decisions.md, "Content in three languages").
 */
export const LANGUAGES = ['ru', 'en', 'uz'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'ru';

/** Text per language, as stored (jsonb); a missing or empty entry is "not written". */
export type Texts = Partial<Record<Language, string>>;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The supported languages an `Accept-Language` header asks for, most wanted
 * first (by q, then by order; `uz-Latn-UZ` counts as `uz`, q=0 as refused).
 */
export function acceptedLanguages(header: string | undefined): Language[] {
  if (!header) return [];
  const asked = header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, index };
    })
    .filter((entry) => isLanguage(entry.lang) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return [...new Set(asked.map((entry) => entry.lang as Language))];
}

/** The reader's language: the first supported one the header asks for, else Russian. */
export const languageOf = (header: string | undefined): Language =>
  acceptedLanguages(header)[0] ?? FALLBACK_LANGUAGE;

/** Each language's order (made once: content is picked per field of every item listed). */
const PREFERENCES = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    Object.freeze([...new Set<Language>([lang, FALLBACK_LANGUAGE, ...LANGUAGES])]),
  ]),
) as Record<Language, readonly Language[]>;

/** In which order a reader of `lang` is offered content: theirs, Russian, then the rest. */
export const preference = (lang: Language): readonly Language[] => PREFERENCES[lang];

/** The language of `lang`'s preference that `has` accepts; undefined when none does. */
export function chooseLanguage(
  lang: Language,
  has: (candidate: Language) => boolean,
): Language | undefined {
  return preference(lang).find(has);
}

/** The text for a reader of `lang` (their own, else Russian, else any), '' when none is written. */
export function pickText(texts: Texts | null | undefined, lang: Language): string {
  const chosen = chooseLanguage(lang, (candidate) => Boolean(texts?.[candidate]));
  return chosen ? texts![chosen]! : '';
}

/**
 * Keeps only the languages with text (what the database stores); Uzbek in
 * its one apostrophe form (libs/domain uzbek.ts), whatever the operator typed.
 */
export function textsOf(values: Partial<Record<Language, string | undefined>>): Texts {
  const texts: Texts = {};
  for (const lang of LANGUAGES) {
    const text = values[lang];
    if (text) texts[lang] = lang === 'uz' ? toUzbekApostrophes(text) : text;
  }
  return texts;
}

/** A DTO transform for a field written in Uzbek: trimmed, in the one apostrophe form. */
export const uzbekText = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? toUzbekApostrophes(value.trim()) : value;

/** How a reader's language reaches a handler; direct routes recognise it by this function. */
export const contentLanguageOf = (_: unknown, context: ExecutionContext): Language =>
  languageOf(context.switchToHttp().getRequest<FastifyRequest>().headers['accept-language']);

/** The reader's language from `Accept-Language` (ru when it names none of ours). */
export const ContentLanguage = createParamDecorator(contentLanguageOf);

/**
 * Checks per-language fields of a body (`title_ru`, `title_en`, ...): the
 * content is written in at least one language (readers of the others get it
 * by the fallback), and within a language the `together` fields are written
 * all or none (a message's title with its text). A 422 like the pipe's.
 */
export function checkLanguages(
  body: object,
  required: string,
  together: string[] = [required],
): void {
  const value = (field: string, lang: Language) =>
    Boolean((body as Record<string, unknown>)[`${field}_${lang}`]);
  const issues: ValidationIssue[] = [];
  if (!LANGUAGES.some((lang) => value(required, lang))) {
    issues.push({
      loc: ['body', `${required}_${FALLBACK_LANGUAGE}`],
      msg: `${required} is needed in at least one language (ru, en or uz)`,
      type: 'value_error',
    });
  }
  for (const lang of LANGUAGES) {
    const written = together.filter((field) => value(field, lang));
    if (written.length === 0 || written.length === together.length) continue;
    for (const field of together.filter((f) => !written.includes(f))) {
      issues.push({
        loc: ['body', `${field}_${lang}`],
        msg: `${field}_${lang} is needed with ${written.map((f) => `${f}_${lang}`).join(', ')}`,
        type: 'value_error',
      });
    }
  }
  if (issues.length) throw new ValidationFailed(issues);
}
