import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useFundingForecast } from './api';

/**
 * What a waiting economy change does to the club's runway, read before an
 * admin approves it (GET /admin/funding?change_id=): the days the surplus
 * plus sponsor funds pay for now and with the change, and a warning when
 * the approval will be refused (ECONOMY_UNFUNDED).
 */
export function ChangeFunding({ changeId }: { changeId: number }) {
  const { t } = useTranslation();
  const forecast = useFundingForecast({ change_id: changeId });
  const data = forecast.data;
  if (!data) return null;
  const days = (value: number | null) =>
    value === null ? t('admin.funding.noEnd') : t('admin.funding.days', { days: value });
  return (
    <div className="record-row__meta" data-testid="change-funding">
      <span>
        {t('admin.funding.runwayNow', {
          days: days(data.runway_days),
          obligations: formatUsdt(data.obligations),
          available: formatUsdt(data.available),
          horizon: data.days,
        })}
      </span>
      {data.after ? (
        <span className={data.after.funded ? undefined : 'form__error'}>
          {t(data.after.funded ? 'admin.funding.runwayAfter' : 'admin.funding.unfundedAfter', {
            days: days(data.after.runway_days),
            obligations: formatUsdt(data.after.obligations),
          })}
        </span>
      ) : null}
    </div>
  );
}
