import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packageRaise, parseMicro, type PackageTerms } from '@app/domain';
import type { PackageItem } from '@app/contracts';
import { useListPackages, useSetPackage } from './api';
import { apiErrorKey } from '../../../lib/api-errors';
import { savedMessage } from '../shared/saved-message';

const FIELDS = ['price', 'daily_trailers', 'reward_per_trailer', 'membership_days'] as const;
type Field = (typeof FIELDS)[number];

/** A package's terms from its item or the form's text; null when a field does not read. */
function packageTerms(values: Record<Field, string | number>): PackageTerms | null {
  const price = parseMicro(String(values.price).trim());
  const reward = parseMicro(String(values.reward_per_trailer).trim());
  const daily = Number(values.daily_trailers);
  const days = Number(values.membership_days);
  if (price === null || reward === null || !Number.isInteger(daily) || !Number.isInteger(days))
    return null;
  return { price, reward, dailyTrailers: daily, membershipDays: days };
}

function PackageRow({
  item,
  editable,
  approved,
  percent,
}: {
  item: PackageItem;
  editable: boolean;
  /** The level's approved terms (its item while it has none). */
  approved: PackageItem;
  percent: number;
}) {
  const { t } = useTranslation();
  const save = useSetPackage();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    price: String(item.price),
    daily_trailers: String(item.daily_trailers),
    reward_per_trailer: String(item.reward_per_trailer),
    membership_days: String(item.membership_days),
  }));
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const changed = FIELDS.some((f) => Number(values[f]) !== Number(item[f]));
  const next = packageTerms(values);
  const base = packageTerms(approved);
  // The API decides; the console says so ahead of time, with the same rule.
  const willWait =
    percent > 0 && next !== null && base !== null && packageRaise(base, next, percent);

  const submit = async () => {
    try {
      const answer = await save.mutateAsync({
        level: item.vip_level,
        data: {
          price: values.price.trim(),
          daily_trailers: Number(values.daily_trailers),
          reward_per_trailer: values.reward_per_trailer.trim(),
          membership_days: Number(values.membership_days),
        },
      });
      setMessage(savedMessage(t, answer.pending_changes));
    } catch (error) {
      setMessage(t(apiErrorKey(error)));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <tr data-testid={`package-${item.vip_level}`}>
      <th scope="row">V{item.vip_level}</th>
      {FIELDS.map((f) => (
        <td key={f}>
          <input
            className="field__input"
            aria-label={t(`admin.economy.fields.${f}`, { level: item.vip_level })}
            inputMode="decimal"
            value={values[f]}
            disabled={!editable}
            onChange={(event) => setValues({ ...values, [f]: event.target.value })}
          />
        </td>
      ))}
      <td>
        {editable ? (
          confirming ? (
            <button type="button" className="button button--primary button--small" onClick={submit}>
              {t('admin.economy.confirm', { level: item.vip_level })}
            </button>
          ) : (
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!changed}
              onClick={() => setConfirming(true)}
            >
              {t('admin.economy.save', { level: item.vip_level })}
            </button>
          )
        ) : null}
        {editable && confirming && willWait ? (
          <span className="form__note">{t('admin.economy.willWait', { percent })}</span>
        ) : null}
        {message ? <span role="status">{message}</span> : null}
      </td>
    </tr>
  );
}

/**
 * The packages (GET /packages; PUT /admin/packages/{level}): admins edit a
 * level's terms, others read them. A raise beyond the percentage over the
 * level's approved terms waits for a second admin, which the row says ahead.
 */
export function PackagesSection({
  editable,
  approvedFor,
  percent,
}: {
  editable: boolean;
  /** A level's approved terms, undefined while it has none (its terms in force are then the baseline). */
  approvedFor: (level: number) => PackageItem | undefined;
  percent: number;
}) {
  const { t } = useTranslation();
  const packages = useListPackages();
  return (
    <section className="admin-section" aria-labelledby="packages-title">
      <h2 id="packages-title" className="section-title">
        {t('admin.economy.packages')}
      </h2>
      <div
        className="table-scroll"
        role="region"
        aria-label={t('common.table', { name: t('admin.economy.packages') })}
        tabIndex={0}
      >
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('admin.economy.level')}</th>
              {FIELDS.map((f) => (
                <th key={f}>{t(`admin.economy.columns.${f}`)}</th>
              ))}
              <th>
                <span className="visually-hidden">{t('admin.economy.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(packages.data ?? []).map((item) => (
              <PackageRow
                key={item.vip_level}
                item={item}
                editable={editable}
                approved={approvedFor(item.vip_level) ?? item}
                percent={percent}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
