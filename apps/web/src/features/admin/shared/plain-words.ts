import type { TFunction } from 'i18next';
import { i18n } from '../../../lib/i18n';

/**
 * The console's names for the API's values (account kinds, queues, roles,
 * why a login ended): what an operator reads instead of the raw value. A
 * value added to the API later and not named here yet reads as words, never
 * as `snake_case`.
 */

/** `points_vip_sales` → `points vip sales`: the last resort for a value not named yet. */
export const spaced = (value: string) => value.replace(/[_.]+/g, ' ').trim();

/** `t` for a key made at run time (checked with `i18n.exists` first). */
export const byKey = (t: TFunction) => t as unknown as (key: string, values?: object) => string;

/** The words under `key`, or `fallback` when that key does not exist (yet). */
function named(t: TFunction, key: string, fallback: string): string {
  return i18n.exists(key) ? byKey(t)(key) : fallback;
}

/** A ledger account kind (`money`, `team_commissions`, ...). */
export const accountLabel = (t: TFunction, kind: string) =>
  named(t, `admin.ledger.accounts.${kind}`, spaced(kind));

/** A ledger currency: USDT as it is, points in words. */
export const currencyLabel = (t: TFunction, currency: string) =>
  currency === 'POINTS' ? t('admin.ledger.points') : currency;

/** A background queue of the dashboard (`deposits`, `maintenance`). */
export const queueLabel = (t: TFunction, name: string) =>
  named(t, `admin.dashboard.queues.${name}`, spaced(name));

/** A role (`admin`, `finance`, `support`, `member`), as it reads inside a sentence. */
export const roleLabel = (t: TFunction, role: string) =>
  named(t, `admin.roles.${role}`, spaced(role));

/** A role as a choice of a list (capitalised: a name, not the value it sends). */
export const roleOption = (t: TFunction, role: string) => {
  const label = roleLabel(t, role);
  return label.charAt(0).toLocaleUpperCase() + label.slice(1);
};

/** Why a login ended (`logout`, `password_reset`, ...). */
export const loginEndLabel = (t: TFunction, reason: string | null) =>
  named(t, `admin.member.endReasons.${reason ?? 'other'}`, t('admin.member.endReasons.other'));

/** Who an approval waits for (`second_approval`, `admin`). */
export const waitingLabel = (t: TFunction, waiting: unknown) =>
  waiting === 'admin' ? t('admin.audit.waiting.admin') : t('admin.audit.waiting.second');
