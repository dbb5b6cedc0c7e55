import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ratesRaise } from '@app/domain';
import type { TeamRates } from '@app/contracts';
import { useGetTeamRates, useSetTeamRates } from './api';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { savedMessage } from '../shared/saved-message';

const basisPoints = (r: Record<keyof TeamRates, string | number>) =>
  [r.level1, r.level2, r.level3].map((p) => Math.round(Number(p) * 100));

function TeamRatesForm({
  editable,
  approved,
  percent,
}: {
  editable: boolean;
  /** The approved rates (undefined while they have none: the rates in force). */
  approved: TeamRates | undefined;
  percent: number;
}) {
  const { t } = useTranslation();
  const rates = useGetTeamRates();
  const save = useSetTeamRates();
  const [values, setValues] = useState({ level1: '', level2: '', level3: '' });
  const [message, setMessage] = useState<string | null>(null);
  const base = approved ?? rates.data;
  const next = basisPoints(values);
  const willWait =
    percent > 0 &&
    base !== undefined &&
    next.every(Number.isFinite) &&
    ratesRaise(basisPoints(base), next, percent);
  useEffect(() => {
    if (rates.data)
      setValues({
        level1: String(rates.data.level1),
        level2: String(rates.data.level2),
        level3: String(rates.data.level3),
      });
  }, [rates.data]);
  return (
    <form
      className="filters"
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          const answer = await save.mutateAsync({
            data: {
              level1: Number(values.level1),
              level2: Number(values.level2),
              level3: Number(values.level3),
            },
          });
          setMessage(savedMessage(t, answer.pending_changes));
        } catch (error) {
          setMessage(t(apiErrorKey(error)));
        }
      }}
    >
      {(['level1', 'level2', 'level3'] as const).map((key, i) => (
        <TextField
          key={key}
          label={t('admin.economy.rate', { level: i + 1 })}
          inputMode="decimal"
          value={values[key]}
          disabled={!editable}
          onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        />
      ))}
      {editable ? (
        <button type="submit" className="button button--ghost button--small">
          {t('admin.economy.saveRates')}
        </button>
      ) : null}
      {editable && willWait ? (
        <p className="form__note">{t('admin.economy.willWait', { percent })}</p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

/** The team rates (GET and PUT /admin/team_rates): admins edit them, others read them. */
export function TeamRatesSection({
  editable,
  approved,
  percent,
}: {
  editable: boolean;
  /** The approved rates (undefined while they have none: the rates in force). */
  approved: TeamRates | undefined;
  percent: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="admin-section" aria-labelledby="rates-title">
      <h2 id="rates-title" className="section-title">
        {t('admin.economy.teamRates')}
      </h2>
      <TeamRatesForm editable={editable} approved={approved} percent={percent} />
    </section>
  );
}
