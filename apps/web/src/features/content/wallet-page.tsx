import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useGetMe, useListBalanceRecords } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { formatDateTime } from '../../lib/format-date';

/** `/wallet`: the balances and the latest records at a glance, with the money actions. */
export function WalletPage() {
  const { t, i18n } = useTranslation();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const records = useListBalanceRecords({ limit: 5 }, { query: { refetchOnMount: 'always' } });
  return (
    <main className="page">
      <PageHeader title={t('routes.wallet')} backTo="/" backLabel={t('common.back')} />
      <dl className="balance-grid" data-testid="wallet-balances">
        {(
          [
            ['mine.wallet', me.data?.money],
            ['mine.points', me.data?.points],
            ['mine.hold', me.data?.points_hold],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt className="balance-grid__label">{t(key)}</dt>
            <dd className="balance-grid__value">{formatUsdt(value ?? 0)}</dd>
          </div>
        ))}
      </dl>
      <div className="action-row">
        <Link to="/mine/recharge" className="button button--primary button--small">
          {t('mine.recharge')}
        </Link>
        <Link to="/mine/transfer" className="button button--ghost button--small">
          {t('mine.transfer')}
        </Link>
        <Link to="/mine/withdrawal-method" className="button button--ghost button--small">
          {t('mine.withdraw')}
        </Link>
      </div>
      <h2 className="section-title">{t('wallet.latest')}</h2>
      {records.isSuccess && records.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {(records.data ?? []).map((r) => (
          <li key={r.id} className="record-row" data-testid="wallet-record">
            <div className="record-row__main">
              <span className="record-row__type">{t(`records.type.${r.type}`)}</span>
              <span className="record-row__amount">
                {r.is_add ? '+' : '-'}
                {formatUsdt(r.amount)} USDT
              </span>
            </div>
            <div className="record-row__meta">
              <time dateTime={r.created_at}>{formatDateTime(r.created_at, i18n.language)}</time>
              <span>{t(`records.status.${r.status}`)}</span>
            </div>
          </li>
        ))}
      </ul>
      <Link to="/mine/funding" className="button button--ghost button--block">
        {t('wallet.all')}
      </Link>
    </main>
  );
}
