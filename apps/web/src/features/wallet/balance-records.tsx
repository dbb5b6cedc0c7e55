import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdtExact } from '@app/domain';
import type { ApiBalanceRecord, ListBalanceRecordsAdd } from '@app/contracts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { TxLink } from '../../components/ui/tx-link';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { useBalanceRecordPages, useCancelWithdrawal } from './api';

/** The reason the API puts on a withdrawal waiting for a refill of the hot wallet (issue 43). */
const WAITING_REFILL = 'waiting for the hot wallet to be refilled';

/** A failed record says how it ended: refused by an operator, cancelled, or failed on its way. */
function statusLabel(record: ApiBalanceRecord) {
  return record.status === 'fail' && record.failure
    ? (`records.failure.${record.failure}` as const)
    : (`records.status.${record.status}` as const);
}

function RecordRow({
  record,
  onCancel,
}: {
  record: ApiBalanceRecord;
  onCancel: (record: ApiBalanceRecord) => void;
}) {
  const { t, i18n } = useTranslation();
  // A claimed deposit before its check: the amount is not known yet.
  const checking =
    record.type === 'deposit' && record.status === 'under_review' && record.amount === 0;
  const withdrawal = record.type === 'withdrawal';
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
              {formatUsdtExact(record.amount)} USDT
            </>
          )}
        </span>
      </div>
      <div className="record-row__meta">
        <time dateTime={record.created_at}>{formatDateTime(record.created_at, i18n.language)}</time>
        <span className={`record-status record-status--${record.status}`}>
          {t(statusLabel(record))}
        </span>
      </div>
      {!record.is_add && record.fee > 0 ? (
        <div className="record-row__meta">
          <span>{t('records.fee', { amount: formatUsdtExact(record.fee) })}</span>
          <span>{t('records.net', { amount: formatUsdtExact(record.net_amount) })}</span>
        </div>
      ) : null}
      {withdrawal && record.wallet ? (
        <p className="record-row__detail" data-testid="record-address">
          {t('records.address')} <code className="break-all">{record.wallet}</code>
        </p>
      ) : null}
      {record.tx_id ? (
        <p className="record-row__detail">
          {t('records.txId')} <TxLink txId={record.tx_id} />
        </p>
      ) : null}
      {record.reason && record.status === 'fail' && record.failure !== 'cancelled' ? (
        <p className="record-row__detail record-row__reason">{record.reason}</p>
      ) : null}
      {withdrawal && record.status === 'under_review' && record.reason === WAITING_REFILL ? (
        <p className="record-row__detail" data-testid="waiting-refill">
          {t('records.waitingRefill')}
        </p>
      ) : null}
      {withdrawal && record.status === 'under_review' ? (
        record.cancellable ? (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onCancel(record)}
          >
            {t('records.cancel')}
          </button>
        ) : (
          <p className="record-row__detail">{t('records.approved')}</p>
        )
      ) : null}
    </li>
  );
}

/**
 * Deposits, withdrawals and adjustments, newest first, with "Load more". A
 * withdrawal no operator has approved yet can be cancelled here (asked first).
 */
export function BalanceRecords({ add }: { add?: ListBalanceRecordsAdd }) {
  const { t } = useTranslation();
  const toast = useToast();
  const records = useBalanceRecordPages(add);
  const cancel = useCancelWithdrawal();
  const [asking, setAsking] = useState<ApiBalanceRecord | null>(null);
  const rows = records.data?.pages.flat() ?? [];

  const confirmCancel = async () => {
    if (!asking) return;
    const record = asking;
    setAsking(null);
    try {
      await cancel.mutateAsync(record.id);
      toast(t('records.cancelled', { amount: formatUsdtExact(record.amount) }));
    } catch (error) {
      toast(
        t(
          error instanceof ApiError && error.code === 'WITHDRAWAL_STATE_CONFLICT'
            ? 'records.alreadyEnded'
            : apiErrorKey(error),
        ),
      );
    }
  };

  if (records.isPending) return <p className="empty">{t('common.loading')}</p>;
  if (records.isError) return <p className="empty">{t('errors.generic')}</p>;
  if (rows.length === 0) return <p className="empty">{t('common.noRecords')}</p>;
  return (
    <>
      <ul className="record-list">
        {rows.map((record) => (
          <RecordRow key={record.id} record={record} onCancel={setAsking} />
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
      <ConfirmDialog
        open={asking !== null}
        title={t('records.cancelTitle')}
        confirmLabel={t('records.cancel')}
        dismissLabel={t('records.keep')}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setAsking(null)}
        irreversible={false}
      >
        <p>{t('records.cancelBody', { amount: formatUsdtExact(asking?.amount ?? 0) })}</p>
        {asking?.wallet ? <code className="break-all">{asking.wallet}</code> : null}
      </ConfirmDialog>
    </>
  );
}
