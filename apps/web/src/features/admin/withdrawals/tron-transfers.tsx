import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { useTronCostTransfers } from './api';
import { ChainCostLines } from './chain-cost';

/** Each sweep and withdrawal with what it cost on chain, newest first, with "Load more". */
export function TronTransfers() {
  const { t, i18n } = useTranslation();
  const transfers = useTronCostTransfers();
  const rows = transfers.data?.pages.flat() ?? [];
  return (
    <>
      <h3 className="section-title">{t('admin.chainCost.transfersTitle')}</h3>
      <p className="form__note">{t('admin.chainCost.transfersNote')}</p>
      {transfers.isSuccess && rows.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {rows.map((row) => (
          <li key={row.id} className="record-row" data-testid="tron-transfer">
            <div className="record-row__main">
              <span className="record-row__type">
                {row.kind === 'withdrawal' ? (
                  <Link to={`/admin/withdrawals/${row.withdrawal_id}`}>
                    {t('admin.chainCost.withdrawal', { id: row.withdrawal_id })}
                  </Link>
                ) : (
                  t('admin.chainCost.sweep', { member: row.member_id })
                )}
              </span>
              <time dateTime={row.at}>{formatDateTime(row.at, i18n.language)}</time>
            </div>
            <ChainCostLines cost={row} />
            <p className="form__note">
              {t('admin.chainCost.tx')} <code className="break-all">{row.tx_id}</code>
            </p>
          </li>
        ))}
      </ul>
      {transfers.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost button--block load-more"
          onClick={() => void transfers.fetchNextPage()}
          disabled={transfers.isFetchingNextPage}
        >
          {transfers.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </>
  );
}
