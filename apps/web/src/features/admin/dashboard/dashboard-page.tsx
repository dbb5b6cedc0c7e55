import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatUsdt } from '@app/domain';
import type { DashboardDay, GetDashboardDays } from '@app/contracts';
import { Link } from 'react-router-dom';
import { useGetDashboard, useGetMe, useStaffOverview } from './api';
import { HealthFigures } from './health-figures';
import { OneAdminNotice } from '../shared/one-admin-notice';
import { queueLabel } from '../shared/plain-words';

const PERIODS: GetDashboardDays[] = [7, 30, 90];
const MONEY = [
  'deposits',
  'card_deposits',
  'withdrawals',
  'rewards',
  'commissions',
  'vip_sales',
] as const;
const COLORS: Record<string, string> = {
  deposits: '#4ade80',
  card_deposits: '#22d3ee',
  withdrawals: '#f87171',
  rewards: '#facc15',
  commissions: '#c084fc',
  vip_sales: '#60a5fa',
  new_members: '#60a5fa',
  active_members: '#4ade80',
};

/** Sums of the period: what the charts show, added up (they equal the ledger's). */
function totals(days: DashboardDay[]) {
  const sum = (key: keyof DashboardDay) => days.reduce((total, day) => total + Number(day[key]), 0);
  return Object.fromEntries(
    [...MONEY, 'new_members', 'fees'].map((k) => [k, sum(k as keyof DashboardDay)]),
  );
}

/** `/admin`: the health figures the alerts watch, the business per day, today's figures, solvency and the queues. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState<GetDashboardDays>(30);
  const dashboard = useGetDashboard({ days }, { query: { refetchOnMount: 'always' } });
  // Admins see first whether four eyes can hold, and what waits for them.
  const isAdmin = useGetMe().data?.role === 'admin';
  const staff = useStaffOverview({ query: { enabled: isAdmin, refetchOnMount: 'always' } }).data;
  const data = dashboard.data;
  const today = data?.days.at(-1);
  const sums = data ? totals(data.days) : null;
  const label = (key: string) =>
    t(`admin.dashboard.series.${key}` as 'admin.dashboard.series.deposits');

  return (
    <section className="admin-section" aria-labelledby="dashboard-title">
      <div className="admin-section__head">
        <h2 id="dashboard-title" className="section-title">
          {t('admin.dashboard.title')}
        </h2>
        <label className="visually-hidden" htmlFor="dashboard-days">
          {t('admin.dashboard.period')}
        </label>
        <select
          id="dashboard-days"
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as GetDashboardDays)}
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {t('admin.dashboard.days', { count: p })}
            </option>
          ))}
        </select>
      </div>
      {isAdmin && staff ? (
        <>
          <OneAdminNotice activeAdmins={staff.active_admins} linkToStaff />
          {staff.pending_requests > 0 ? (
            <p className="form__note" data-testid="staff-waiting">
              <Link to="/admin/staff">
                {t('admin.staff.waiting', { count: staff.pending_requests })}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      <HealthFigures />
      {dashboard.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {dashboard.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {data && today && sums ? (
        <>
          <h3 className="section-title">{t('admin.dashboard.today')}</h3>
          <dl className="stats-card" data-testid="dashboard-today">
            {[...MONEY, 'new_members', 'active_members'].map((key) => (
              <div key={key}>
                <dt className="stats-card__label">{label(key)}</dt>
                <dd className="stats-card__value">
                  {key.endsWith('members')
                    ? String(today[key as keyof DashboardDay])
                    : formatUsdt(Number(today[key as keyof DashboardDay]))}
                </dd>
              </div>
            ))}
          </dl>
          <h3 className="section-title">{t('admin.dashboard.money')}</h3>
          <div className="chart" role="img" aria-label={t('admin.dashboard.money')}>
            <ResponsiveContainer width="100%" height={240}>
              <LineChart data={data.days} margin={{ left: 0, right: 8, top: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#34346a" />
                <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={11} />
                <YAxis fontSize={11} width={48} />
                <Tooltip />
                <Legend />
                {MONEY.map((key) => (
                  <Line
                    key={key}
                    type="monotone"
                    dataKey={key}
                    name={label(key)}
                    stroke={COLORS[key]}
                    dot={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <h3 className="section-title">{t('admin.dashboard.members')}</h3>
          <div className="chart" role="img" aria-label={t('admin.dashboard.members')}>
            <ResponsiveContainer width="100%" height={200}>
              <BarChart data={data.days} margin={{ left: 0, right: 8, top: 8, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#34346a" />
                <XAxis dataKey="day" tickFormatter={(d: string) => d.slice(5)} fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} width={32} />
                <Tooltip />
                <Legend />
                {(['new_members', 'active_members'] as const).map((key) => (
                  <Bar key={key} dataKey={key} name={label(key)} fill={COLORS[key]} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <div
            className="table-scroll"
            role="region"
            aria-label={t('common.table', { name: t('admin.dashboard.totals') })}
            tabIndex={0}
          >
            <table className="data-table" data-testid="dashboard-totals">
              <caption className="visually-hidden">{t('admin.dashboard.totals')}</caption>
              <tbody>
                {Object.entries(sums).map(([key, value]) => (
                  <tr key={key}>
                    <th scope="row">{label(key)}</th>
                    <td className="num">{key === 'new_members' ? value : formatUsdt(value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="section-title">{t('admin.dashboard.packages')}</h3>
          <p className="form__note">
            {data.package_sales.length === 0
              ? t('common.noRecords')
              : Object.entries(
                  data.package_sales.reduce<Record<number, number>>((by, s) => {
                    by[s.vip_level] = (by[s.vip_level] ?? 0) + s.count;
                    return by;
                  }, {}),
                )
                  .map(([level, count]) => `V${level}: ${count}`)
                  .join(' · ')}
          </p>
          <h3 className="section-title">{t('admin.dashboard.health')}</h3>
          <dl className="summary-list">
            <div>
              <dt>{t('admin.dashboard.liabilities')}</dt>
              <dd>{formatUsdt(data.solvency.liabilities)} USDT</dd>
            </div>
            <div>
              <dt>{t('admin.dashboard.assets')}</dt>
              <dd>
                {data.solvency.assets === null ? '—' : `${formatUsdt(data.solvency.assets)} USDT`}
              </dd>
            </div>
            <div>
              <dt>{t('admin.dashboard.lag')}</dt>
              <dd>{data.solvency.scanner_lag_blocks ?? '—'}</dd>
            </div>
            {data.queues.map((q) => (
              <div key={q.name}>
                <dt>{t('admin.dashboard.queue', { name: queueLabel(t, q.name) })}</dt>
                <dd>
                  {t('admin.dashboard.queueCounts', { waiting: q.waiting, failed: q.failed })}
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
