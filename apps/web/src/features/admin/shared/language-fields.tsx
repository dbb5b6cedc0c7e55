import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';

/** The languages operators write content in (the API's order of fallback: ru first). */
export const CONTENT_LANGUAGES = ['ru', 'en', 'uz'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

export interface LanguageField {
  /** `title` edits `title_ru`, `title_en`, `title_uz`. */
  key: string;
  label: string;
  maxLength: number;
  multiline?: boolean;
}

/** `{title_ru: '', title_en: '', ...}` for every field and language. */
export function emptyTexts(keys: string[]): Record<string, string> {
  return Object.fromEntries(
    keys.flatMap((key) => CONTENT_LANGUAGES.map((lang) => [`${key}_${lang}`, ''])),
  );
}

/** The languages in which `key` is written (not blank). */
export function writtenIn(values: object, key: string) {
  return CONTENT_LANGUAGES.filter((lang) => textOf(values, `${key}_${lang}`).trim() !== '');
}

/** A field's text in a body (a generated type without an index signature). */
const textOf = (values: object, name: string): string => {
  const value = (values as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

/**
 * One group of fields per language (a fieldset each, in the order members
 * fall back: Russian, English, Uzbek). At least one language is needed;
 * members reading a language left empty get Russian, else the one written
 * (docs/decisions.md, "Content in three languages").
 */
export function LanguageFields({
  idPrefix,
  fields,
  values,
  onChange,
  note,
}: {
  idPrefix: string;
  fields: LanguageField[];
  values: object;
  onChange: (name: string, value: string) => void;
  /** What the fields are for, when not content that needs one language at least. */
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="language-fields">
      <p className="form__note">{note ?? t('admin.languages.note')}</p>
      {CONTENT_LANGUAGES.map((lang) => {
        const language = t(`admin.languages.${lang}`);
        return (
          <fieldset key={lang} className="language-fields__group">
            <legend className="field__label">{language}</legend>
            {fields.map((field) => {
              const name = `${field.key}_${lang}`;
              const label = t('admin.languages.field', { field: field.label, language });
              if (!field.multiline) {
                return (
                  <TextField
                    key={name}
                    label={label}
                    maxLength={field.maxLength}
                    value={textOf(values, name)}
                    onChange={(e) => onChange(name, e.target.value)}
                  />
                );
              }
              const id = `${idPrefix}-${name}`;
              return (
                <div className="field" key={name}>
                  <label className="field__label" htmlFor={id}>
                    {label}
                  </label>
                  <textarea
                    id={id}
                    className="field__input field__textarea"
                    rows={3}
                    maxLength={field.maxLength}
                    value={textOf(values, name)}
                    onChange={(e) => onChange(name, e.target.value)}
                  />
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
