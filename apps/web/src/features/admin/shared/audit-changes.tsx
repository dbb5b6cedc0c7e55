import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { i18n } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format-date';
import { byKey, roleLabel, spaced } from './plain-words';

type Details = Record<string, unknown>;

/** Bookkeeping fields a change carries that say nothing to the operator. */
const QUIET = new Set(['id', 'running', 'created_at', 'claims', 'count', 'completed', 'claimed']);
/** Creations whose terms are worth reading (short); others say what was created only. */
const LISTS_WHAT_IT_MADE = new Set(['campaign.create', 'challenge.create']);
const LANGUAGE_SUFFIX = /^(.+)_(ru|en|uz)$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isObject = (value: unknown): value is Details =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** The first of these keys that has words, else the field as words. */
function firstNamed(t: TFunction, keys: string[], field: string): string {
  const key = keys.find((k) => i18n.exists(k));
  return key ? byKey(t)(key) : spaced(field);
}

/** A field's name: a term of the economy, a site setting, or one of the log's own. */
export function fieldLabel(t: TFunction, field: string): string {
  const language = LANGUAGE_SUFFIX.exec(field);
  if (language && !i18n.exists(`admin.content.settings.${field}`)) {
    return t('admin.languages.field', {
      field: fieldLabel(t, language[1]),
      language: t(`admin.languages.${language[2] as 'ru'}`),
    });
  }
  return firstNamed(
    t,
    [
      `admin.approvals.terms.${field}`,
      `admin.content.settings.${field}`,
      `admin.audit.fields.${field}`,
    ],
    field,
  );
}

/** A value as words: yes/no, a date in the reader's form, a role, a kind, a language. */
function valueText(t: TFunction, field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'admin.approvals.yes' : 'admin.approvals.no');
  if (isObject(value)) {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldLabel(t, key)}: ${valueText(t, key, inner)}`)
      .join('; ');
  }
  const raw = String(value);
  if (typeof value === 'string' && ISO_TIME.test(raw)) return formatDateTime(raw, i18n.language);
  const named: Record<string, string> = {
    role: `admin.roles.${raw}`,
    kind: `challenge.kinds.${raw}`,
    category: `admin.content.categories.${raw}`,
    lang: `admin.languages.${raw}`,
  };
  if (field === 'role') return roleLabel(t, raw);
  if (named[field] && i18n.exists(named[field])) return byKey(t)(named[field]);
  return raw;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The lines of a change: each field that moved, `before → after`; a creation's terms. */
export function changeLines(t: TFunction, action: string, details: Details): string[] {
  const { before, after } = details;
  if (isObject(before) && isObject(after)) {
    return Object.keys({ ...before, ...after })
      .filter((field) => !QUIET.has(field) && !same(before[field], after[field]))
      .map(
        (field) =>
          `${fieldLabel(t, field)}: ${valueText(t, field, before[field])} → ${valueText(t, field, after[field])}`,
      );
  }
  if (LISTS_WHAT_IT_MADE.has(action) && isObject(after)) {
    return Object.entries(after)
      .filter(([field, value]) => !QUIET.has(field) && value !== '' && value !== null)
      .map(([field, value]) => `${fieldLabel(t, field)}: ${valueText(t, field, value)}`);
  }
  return [];
}

/** What an audited change changed, a line per field (nothing for actions that changed no terms). */
export function AuditChanges({ action, details }: { action: string; details: Details }) {
  const { t } = useTranslation();
  const lines = changeLines(t, action, details);
  if (lines.length === 0) return null;
  return (
    <ul className="form__note audit-details" data-testid="audit-changes">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
