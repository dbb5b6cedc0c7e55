import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatUsdt } from '@app/domain';
import { useGetTransparency } from './api';
import { LanguageSelect } from '../../components/ui/language-select';
import { PageHeader } from '../../components/ui/page-header';
import { apiErrorKey } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';

const COLORS = { from_sponsor_funds: '#3fb68b', from_club_revenue: '#e0a63a' } as const;

/** A share of `total` in whole percent (0 when nothing was paid). */
const share = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/**
 * `/transparency`, public (no sign-in): the club's money as `GET
 * /transparency` gives it. What members are owed and what the club holds on
 * chain at the latest proof of liabilities; where the last 30 days' payouts
 * came from (money sponsors paid in, or the club's own revenue, which is
 * members' purchases), as figures and a chart; what the next 30 days promise
 * and how many days the club can pay it. Linked from the proof page and the
 * footer of /about.
 */
export function TransparencyPage() {
  const { t, i18n } = useTranslation();
  const query = useGetTransparency({ query: { refetchOnMount: 'always' } });
  const data = query.data;
  const payouts = data?.payouts_30d;
  return (
    <main className="page transparency-page">
      <PageHeader
        title={t('transparency.title')}
        backTo="/"
        backLabel={t('common.back')}
        actions={<LanguageSelect />}
      />
      <p className="form__note">{t('transparency.intro')}</p>
      {query.error ? (
        <p className="empty" role="alert">
          {t(apiErrorKey(query.error))}
        </p>
      ) : null}
      {query.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {data && payouts ? (
        <>
          <h2 className="section-title">{t('transparency.position')}</h2>
          {data.block === null ? (
            <p className="form__note">{t('transparency.noProof')}</p>
          ) : (
            <p className="form__note">
              {t('transparency.atProof', {
                block: data.block,
                at: formatDateTime(data.proof_created_at!, i18n.language),
              })}
            </p>
          )}
          <dl className="summary-list">
            <div data-testid="transparency-liabilities">
              <dt>{t('transparency.liabilities')}</dt>
              <dd>{formatUsdt(data.liabilities)} USDT</dd>
            </div>
            <div>
              <dt>{t('transparency.reserves')}</dt>
              <dd>{formatUsdt(data.reserves)} USDT</dd>
            </div>
            <div data-testid="transparency-surplus">
              <dt>{t('transparency.surplus')}</dt>
              <dd>{formatUsdt(data.surplus)} USDT</dd>
            </div>
            <div>
              <dt>{t('transparency.sponsorFunds')}</dt>
              <dd>{formatUsdt(data.sponsor_funds)} USDT</dd>
            </div>
          </dl>

          <h2 className="section-title">{t('transparency.payouts')}</h2>
          <p data-testid="transparency-payouts">
            {t('transparency.payoutsSplit', {
              total: formatUsdt(payouts.total),
              sponsors: formatUsdt(payouts.from_sponsor_funds),
              sponsorShare: share(payouts.from_sponsor_funds, payouts.total),
              club: formatUsdt(payouts.from_club_revenue),
              clubShare: share(payouts.from_club_revenue, payouts.total),
            })}
          </p>
          <div className="chart" role="img" aria-label={t('transparency.chart')}>
            <ResponsiveContainer width="100%" height={220}>
              <BarChart data={data.payouts_daily} margin={{ left: 0, right: 4, top: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#34346a" />
                <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(8)} fontSize={10} />
                <YAxis fontSize={10} width={40} />
                <Tooltip formatter={(value) => `${formatUsdt(Number(value))} USDT`} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {(['from_sponsor_funds', 'from_club_revenue'] as const).map((key) => (
                  <Bar
                    key={key}
                    dataKey={key}
                    stackId="payouts"
                    name={t(`transparency.${key}`)}
                    fill={COLORS[key]}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>

          <h2 className="section-title">{t('transparency.ahead')}</h2>
          <dl className="summary-list">
            <div data-testid="transparency-obligations">
              <dt>{t('transparency.obligations')}</dt>
              <dd>{formatUsdt(data.obligations_30d)} USDT</dd>
            </div>
            <div data-testid="transparency-runway">
              <dt>{t('transparency.runway')}</dt>
              <dd>
                {data.runway_days === null
                  ? t('transparency.nothingPromised')
                  : t('transparency.days', { days: data.runway_days })}
              </dd>
            </div>
          </dl>
          <p className="form__note">{t('transparency.howRunway')}</p>
          <p className="form__note">
            {t('transparency.asOf', { at: formatDateTime(data.as_of, i18n.language) })}
          </p>
        </>
      ) : null}
    </main>
  );
}
