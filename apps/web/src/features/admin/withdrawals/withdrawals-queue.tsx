import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ApiAdminWithdrawal, ListWithdrawalsStatus } from '@app/contracts';
import { Link } from 'react-router-dom';
import {
  useApproveWithdrawal,
  useGetMe,
  useListWithdrawals,
  useRejectWithdrawal,
  useRetryWithdrawal,
} from './api';
import { ApprovalTrail } from '../shared/approval-trail';
import { approvalError, approvedBy, waitsMessage } from '../shared/approval-messages';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { OrderSelect, type SortOrder } from '../shared/sort-controls';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

const FILTERS: ListWithdrawalsStatus[] = [
  'requested',
  'approved',
  'sent',
  'failed',
  'confirmed',
  'rejected',
];

type Pending = { id: number; action: 'approve' | 'reject' | 'retry' };

/**
 * Withdrawals by status. Every money action asks for confirmation first; a
 * rejection (or the refund of a failed transfer) needs a reason the member sees.
 */
export function WithdrawalsQueue() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ListWithdrawalsStatus>('requested');
  // Newest first, or oldest first to work the queue in the order it arrived.
  const [order, setOrder] = useState<SortOrder>('desc');
  const list = useListWithdrawals({ status, order }, { query: { refetchOnMount: 'always' } });
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<ActionOutcome | null>(null);

  const done = (text: string) => {
    setMessage({ text, failed: false });
    setConfirming(null);
    setReason('');
    // Then the queue, the audit log and the ledger report follow (api/).
  };
  const failed = (error: unknown) => setMessage({ text: t(apiErrorKey(error)), failed: true });
  // Above the threshold the first approval only counts: the withdrawal stays requested and waits.
  const approve = useApproveWithdrawal({
    onSuccess: (w) =>
      done(
        w.status === 'approved'
          ? t('admin.withdrawals.approved', { id: w.id })
          : waitsMessage(t, 'withdrawal', w.id, w),
      ),
    onError: (error) => setMessage({ text: approvalError(t, error, 'withdrawal'), failed: true }),
  });
  const reject = useRejectWithdrawal({
    onSuccess: (w) => done(t('admin.withdrawals.rejected', { id: w.id })),
    onError: failed,
  });
  const retry = useRetryWithdrawal({
    onSuccess: (w) => done(t('admin.withdrawals.retried', { id: w.id })),
    onError: failed,
  });
  const busy = approve.isPending || reject.isPending || retry.isPending;

  const confirm = () => {
    if (!confirming) return;
    if (confirming.action === 'approve') approve.mutate({ id: confirming.id });
    if (confirming.action === 'retry') retry.mutate({ id: confirming.id });
    if (confirming.action === 'reject')
      reject.mutate({ id: confirming.id, data: { reason: reason.trim() } });
  };

  const me = useGetMe().data?.id;
  const actionsFor = (w: ApiAdminWithdrawal): Pending['action'][] =>
    w.status === 'requested'
      ? approvedBy(w.approvals, me)
        ? ['reject']
        : ['reject', 'approve']
      : w.status === 'approved'
        ? ['reject']
        : w.status === 'failed'
          ? ['reject', 'retry']
          : [];

  return (
    <section className="admin-section" aria-labelledby="withdrawals-title">
      <div className="admin-section__head">
        <h2 id="withdrawals-title" className="section-title">
          {t('admin.withdrawals.title')}
        </h2>
        <label className="visually-hidden" htmlFor="withdrawals-status">
          {t('admin.withdrawals.status')}
        </label>
        <select
          id="withdrawals-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as ListWithdrawalsStatus)}
        >
          {FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`admin.withdrawals.statuses.${s}`)}
            </option>
          ))}
        </select>
        <OrderSelect id="withdrawals-order" value={order} onChange={setOrder} />
      </div>
      {list.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {list.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {list.isSuccess && list.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {(list.data ?? []).map((w) => (
          <li key={w.id} className="record-row" data-testid="withdrawal">
            <div className="record-row__main">
              <span className="record-row__type">
                <Link to={`/admin/withdrawals/${w.id}`}>#{w.id}</Link> · {formatUsdt(w.amount)} USDT
                → {formatUsdt(w.net_amount)}
              </span>
              <time dateTime={w.created_at}>{formatDateTime(w.created_at, i18n.language)}</time>
            </div>
            <div className="record-row__meta">
              <span>
                {t('admin.withdrawals.member', { id: w.user_id, fee: formatUsdt(w.fee) })}
              </span>
              <span>{t(`admin.withdrawals.statuses.${w.status}`)}</span>
            </div>
            <p className="form__note">
              <code className="break-all">{w.wallet}</code>
            </p>
            {w.tx_id ? (
              <p className="form__note">
                tx <code className="break-all">{w.tx_id}</code>
              </p>
            ) : null}
            {w.reason ? <p className="form__note">{w.reason}</p> : null}
            <ApprovalTrail
              approvals={w.approvals}
              awaitingSecond={w.awaiting_second_approval}
              awaitingAdmin={w.awaiting_admin}
            />
            {w.status === 'requested' && approvedBy(w.approvals, me) ? (
              <p className="form__note" data-testid="you-approved">
                {t('admin.fourEyes.youApproved')}
              </p>
            ) : null}
            {confirming?.id === w.id ? (
              <ConfirmBox
                onCancel={() => setConfirming(null)}
                onConfirm={confirm}
                disabled={busy || (confirming.action === 'reject' && reason.trim().length < 3)}
              >
                <p>
                  {t(`admin.withdrawals.confirm.${confirming.action}`, {
                    id: w.id,
                    net: formatUsdt(w.net_amount),
                    amount: formatUsdt(w.amount),
                    wallet: w.wallet,
                  })}
                </p>
                {confirming.action === 'reject' ? (
                  <TextField
                    label={t('admin.withdrawals.reason')}
                    value={reason}
                    maxLength={500}
                    onChange={(e) => setReason(e.target.value)}
                  />
                ) : null}
              </ConfirmBox>
            ) : (
              <div className="modal__buttons">
                {actionsFor(w).map((action) => (
                  <button
                    key={action}
                    type="button"
                    className={`button ${action === 'reject' ? 'button--ghost' : 'button--primary'}`}
                    disabled={busy}
                    onClick={() => {
                      setMessage(null);
                      setConfirming({ id: w.id, action });
                    }}
                  >
                    {t(`admin.withdrawals.actions.${action}`)}
                  </button>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
      <ActionMessage message={message} />
    </section>
  );
}
