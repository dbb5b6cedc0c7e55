import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ApiBalanceRecord, ListBalanceRecordsAdd } from '@app/contracts';
import { formatDateTime } from '../../lib/format-date';
import { useBalanceRecordPages } from './api';

function RecordRow({ record }: { record: ApiBalanceRecord }) {
  const { t, i18n } = useTranslation();
  // A claimed deposit before its check: the amount is not known yet.
  const checking =
    record.type === 'deposit' && record.status === 'under_review' && record.amount === 0;
  return (
    <li className="record-row" data-testid="balance-record">
      <div className="record-row__main">
        <span className="record-row__type">{t(`records.type.${record.type}`)}</span>
        <span className={`record-row__amount ${record.is_add ? 'is-credit' : 'is-debit'}`}>
          {checking ? (
            t('records.checking')
          ) : (
            <>
              {record.is_add ? '+' : '-'}
              {formatUsdt(record.amount)} USDT
            </>
          )}
        </span>
      </div>
      <div className="record-row__meta">
        <time dateTime={record.created_at}>{formatDateTime(record.created_at, i18n.language)}</time>
        <span className={`record-status record-status--${record.status}`}>
          {t(`records.status.${record.status}`)}
        </span>
      </div>
      {!record.is_add && record.fee > 0 ? (
        <div className="record-row__meta">
          <span>{t('records.fee', { amount: formatUsdt(record.fee) })}</span>
          <span>{t('records.net', { amount: formatUsdt(record.net_amount) })}</span>
        </div>
      ) : null}
      {record.tx_id ? (
        <p className="record-row__detail">
          {t('records.txId')} <code className="break-all">{record.tx_id}</code>
        </p>
      ) : null}
      {record.reason && record.status === 'fail' ? (
        <p className="record-row__detail record-row__reason">{record.reason}</p>
      ) : null}
    </li>
  );
}

/** Deposits, withdrawals and adjustments, newest first, with "Load more". */
export function BalanceRecords({ add }: { add?: ListBalanceRecordsAdd }) {
  const { t } = useTranslation();
  const records = useBalanceRecordPages(add);
  const rows = records.data?.pages.flat() ?? [];

  if (records.isPending) return <p className="empty">{t('common.loading')}</p>;
  if (records.isError) return <p className="empty">{t('errors.generic')}</p>;
  if (rows.length === 0) return <p className="empty">{t('common.noRecords')}</p>;
  return (
    <>
      <ul className="record-list">
        {rows.map((record) => (
          <RecordRow key={record.id} record={record} />
        ))}
      </ul>
      {records.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost button--block load-more"
          onClick={() => void records.fetchNextPage()}
          disabled={records.isFetchingNextPage}
        >
          {records.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </>
  );
}
