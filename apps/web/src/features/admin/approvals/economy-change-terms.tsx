import { useTranslation } from 'react-i18next';
import type { EconomyChangeItem } from '@app/contracts';
import { formatDateTime } from '../../../lib/format-date';

/** The terms each kind of change carries, in the order operators read them. */
const TERMS = {
  package: ['price', 'daily_trailers', 'reward_per_trailer', 'membership_days'],
  team_rates: ['level1', 'level2', 'level3'],
  challenge: [
    'title',
    'text',
    'image_url',
    'kind',
    'goal',
    'reward',
    'starts_at',
    'ends_at',
    'published',
  ],
  campaign: [
    'name',
    'name_ru',
    'name_en',
    'name_uz',
    'starts_at',
    'ends_at',
    'min_vip_level',
    'inviter_points',
    'member_points',
    'hold_days',
  ],
  card: ['card'],
  support_url: ['support_url'],
  card_rates: ['USD', 'RUB', 'UZS'],
} as const satisfies Record<EconomyChangeItem['target'], readonly string[]>;

type Term = (typeof TERMS)[keyof typeof TERMS][number];

const DATE_TERMS: readonly Term[] = ['starts_at', 'ends_at'];
const CHALLENGE_KINDS = ['trailers', 'team_vip1', 'deposits'] as const;

/** Whether two values of a term say the same (numbers may come as text, dates in any ISO form). */
function same(term: Term, a: unknown, b: unknown): boolean {
  if (DATE_TERMS.includes(term)) return Date.parse(String(a)) === Date.parse(String(b));
  return String(a ?? '') === String(b ?? '');
}

/**
 * A waiting change in plain words: each term it changes, what is in force →
 * what it becomes, and the value a second admin last approved when that is
 * not what is in force (the change is held against it).
 */
export function ChangeTerms({ change }: { change: EconomyChangeItem }) {
  const { t, i18n } = useTranslation();
  const before = change.before ?? {};
  const { after, baseline } = change;
  const text = (term: Term, value: unknown): string => {
    if (value === undefined || value === null || value === '') return '—';
    if (typeof value === 'boolean') return t(value ? 'admin.approvals.yes' : 'admin.approvals.no');
    if (term === 'kind' && CHALLENGE_KINDS.includes(value as (typeof CHALLENGE_KINDS)[number]))
      return t(`challenge.kinds.${value as (typeof CHALLENGE_KINDS)[number]}`);
    if (DATE_TERMS.includes(term)) return formatDateTime(String(value), i18n.language);
    return String(value);
  };
  const terms: readonly Term[] = TERMS[change.target] ?? [];
  const changed = terms.filter((term) => !same(term, before[term], after[term]));
  if (changed.length === 0) {
    return <p className="form__note">{t('admin.approvals.noTermChanged')}</p>;
  }
  return (
    <ul className="form__note" data-testid="change-terms">
      {changed.map((term) => (
        <li key={term}>
          {t(`admin.approvals.terms.${term}`)}: {text(term, before[term])} →{' '}
          {text(term, after[term])}
          {baseline && !same(term, baseline[term], before[term])
            ? ` (${t('admin.approvals.approvedValue', { value: text(term, baseline[term]) })})`
            : null}
        </li>
      ))}
    </ul>
  );
}
