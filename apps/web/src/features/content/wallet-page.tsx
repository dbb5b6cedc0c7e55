import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdtExact } from '@app/domain';
import { useGetMe, useListBalanceRecords } from './api';
import { BalanceGrid } from '../../components/ui/balance-grid';
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
      <BalanceGrid
        label={t('mine.balances')}
        testId="wallet-balances"
        items={[
          {
            label: t('mine.wallet'),
            amount: me.data?.money ?? 0,
            to: '/mine/statement?account=money',
          },
          {
            label: t('mine.points'),
            amount: me.data?.points ?? 0,
            to: '/mine/statement?account=points',
          },
          {
            label: t('mine.hold'),
            amount: me.data?.points_hold ?? 0,
            to: '/mine/statement?account=points_hold',
          },
        ]}
      />
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
                {formatUsdtExact(r.amount)} USDT
              </span>
            </div>
            <div className="record-row__meta">
              <time dateTime={r.created_at}>{formatDateTime(r.created_at, i18n.language)}</time>
              <span>
                {t(
                  r.status === 'fail' && r.failure
                    ? `records.failure.${r.failure}`
                    : `records.status.${r.status}`,
                )}
              </span>
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
