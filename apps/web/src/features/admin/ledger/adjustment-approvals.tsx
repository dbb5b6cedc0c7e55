import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { AdjustmentRequestItem } from '@app/contracts';
import { apiErrorKey } from '../../../lib/api-errors';
import { useApproveAdjustment, useGetMe, useListAdjustments, useRejectAdjustment } from './api';
import { approvalError, approvedBy, waitsMessage } from '../shared/approval-messages';
import { ApprovalTrail } from '../shared/approval-trail';
import { DecisionButtons, DecisionDialog, type Decision } from '../shared/decision-buttons';
import { formatDateTime } from '../../../lib/format-date';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

/**
 * Adjustments above the approval threshold, waiting for a second operator
 * (four eyes). The API refuses the requester's own approval; this list only
 * offers the buttons.
 */
export function Approvals() {
  const { t, i18n } = useTranslation();
  const pending = useListAdjustments(
    { status: 'pending' },
    { query: { refetchOnMount: 'always' } },
  );
  const [message, setMessage] = useState<ActionOutcome | null>(null);
  // After the message, the adjustments, the audit log and the ledger report follow (api/).
  const approve = useApproveAdjustment({
    onSuccess: (result) => {
      setMessage({
        text:
          result.status === 'applied'
            ? t('admin.approvals.approved', { id: result.transaction_id })
            : waitsMessage(t, 'adjustment', result.request_id ?? 0, result),
        failed: false,
      });
    },
    onError: (error) => setMessage({ text: approvalError(t, error, 'adjustment'), failed: true }),
  });
  const reject = useRejectAdjustment({
    onSuccess: (result) => {
      setMessage({ text: t('admin.approvals.rejected', { id: result.id }), failed: false });
    },
    onError: (error) => setMessage({ text: t(apiErrorKey(error)), failed: true }),
  });
  const busy = approve.isPending || reject.isPending;
  const requests = pending.data ?? [];
  const me = useGetMe().data?.id;
  // The operator who asked, or who approved already, cannot approve (again): they are told why.
  const ownNote = (request: AdjustmentRequestItem) =>
    request.requested_by === me
      ? t('admin.fourEyes.youAsked')
      : approvedBy(request.approvals, me)
        ? t('admin.fourEyes.youApproved')
        : null;
  // An approval can move the money at once: ask first, with the amount, account and member.
  const [deciding, setDeciding] = useState<Decision<AdjustmentRequestItem> | null>(null);
  const accountLabel = (account: string) =>
    account === 'money' ? t('mine.wallet') : t('mine.points');

  return (
    <section className="admin-section" aria-labelledby="approvals-title">
      <h2 id="approvals-title" className="section-title">
        {t('admin.approvals.title')}
      </h2>
      {pending.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {pending.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {pending.isSuccess && requests.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {requests.map((request) => (
          <li key={request.id} className="record-row" data-testid="approval-request">
            <div className="record-row__main">
              <span className="record-row__type">
                #{request.id} · {formatUsdt(request.amount)}{' '}
                {request.account === 'money' ? t('mine.wallet') : t('mine.points')}
              </span>
              <time dateTime={request.created_at}>
                {formatDateTime(request.created_at, i18n.language)}
              </time>
            </div>
            <div className="record-row__meta">
              <span>
                {t('admin.approvals.requested', { by: request.requested_by, id: request.user_id })}
              </span>
            </div>
            <p className="form__note">{request.reason}</p>
            <ApprovalTrail
              approvals={request.approvals}
              awaitingSecond={request.awaiting_second_approval}
              awaitingAdmin={request.awaiting_admin}
            />
            {ownNote(request) ? (
              <p className="form__note" data-testid="own-request">
                {ownNote(request)}
              </p>
            ) : null}
            <DecisionButtons
              busy={busy}
              onReject={() => setDeciding({ request, action: 'reject' })}
              onApprove={
                ownNote(request) ? undefined : () => setDeciding({ request, action: 'approve' })
              }
            />
          </li>
        ))}
      </ul>
      <DecisionDialog
        deciding={deciding}
        onClose={() => setDeciding(null)}
        onApprove={(id) => approve.mutate({ id })}
        onReject={(id) => reject.mutate({ id })}
      >
        {(decision) =>
          t(
            decision.action === 'approve'
              ? 'admin.approvals.confirmApprove'
              : 'admin.approvals.confirmReject',
            {
              id: decision.request.id,
              amount: formatUsdt(decision.request.amount),
              account: accountLabel(decision.request.account),
              member: decision.request.user_id,
            },
          )
        }
      </DecisionDialog>
      <ActionMessage message={message} />
    </section>
  );
}
