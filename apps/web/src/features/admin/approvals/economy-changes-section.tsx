import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EconomyChangeItem } from '@app/contracts';
import {
  useApproveEconomyChange,
  useGetMe,
  useListEconomyChanges,
  useRejectEconomyChange,
} from './api';
import { formatDateTime } from '../../../lib/format-date';
import { approvalError, approvedBy } from '../shared/approval-messages';
import { DecisionButtons } from '../shared/decision-buttons';
import { ChangeFunding } from './change-funding';
import { ChangeTerms } from './economy-change-terms';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

/**
 * Economy changes that wait for a second admin (a raise of members' pay
 * beyond the API's percentage over the approved value; the card, support
 * link and card rates while the club has two admins): listed here with who
 * proposed them and each term before → after in plain words; another admin
 * approves (live at once) or rejects. The API refuses the proposer's own approval.
 */
export function EconomyChangesSection({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation();
  const pending = useListEconomyChanges(
    { status: 'pending' },
    { query: { refetchOnMount: 'always' } },
  );
  const [message, setMessage] = useState<ActionOutcome | null>(null);
  // After the message, every list of the economy follows (api/).
  const onError = (error: unknown) =>
    setMessage({ text: approvalError(t, error, 'economyChange'), failed: true });
  // Live only once approved: an approval that leaves it pending says it still waits.
  const approve = useApproveEconomyChange({
    onSuccess: (change) =>
      setMessage({
        text: t(
          change.status === 'approved'
            ? 'admin.approvals.economyApproved'
            : 'admin.fourEyes.waitsForSecond.economyChange',
          { id: change.id },
        ),
        failed: false,
      }),
    onError,
  });
  const reject = useRejectEconomyChange({
    onSuccess: (change) =>
      setMessage({ text: t('admin.approvals.economyRejected', { id: change.id }), failed: false }),
    onError,
  });
  const me = useGetMe().data?.id;
  const mine = (change: EconomyChangeItem) =>
    change.proposed_by === me || approvedBy(change.approvals, me);
  const busy = approve.isPending || reject.isPending;
  const changes: EconomyChangeItem[] = pending.data ?? [];
  return (
    <section className="admin-section" aria-labelledby="economy-changes-title">
      <h2 id="economy-changes-title" className="section-title">
        {t('admin.approvals.economyTitle')}
      </h2>
      {pending.isSuccess && changes.length === 0 ? (
        <p className="empty">{t('admin.approvals.economyNone')}</p>
      ) : null}
      <ul className="record-list">
        {changes.map((change) => (
          <li key={change.id} className="record-row" data-testid="pending-economy-change">
            <div className="record-row__main">
              <span className="record-row__type">
                #{change.id} ·{' '}
                {t(`admin.approvals.target_${change.target}`, { id: change.target_id ?? '' })}
              </span>
              <time dateTime={change.created_at}>
                {formatDateTime(change.created_at, i18n.language)}
              </time>
            </div>
            <div className="record-row__meta">
              <span>{t('admin.approvals.proposedBy', { by: change.proposed_by })}</span>
              <span>{t('admin.approvals.awaitingSecond')}</span>
            </div>
            <ChangeTerms change={change} />
            {editable && mine(change) ? (
              <p className="form__note" data-testid="own-change">
                {change.proposed_by === me
                  ? t('admin.fourEyes.youProposed')
                  : t('admin.fourEyes.youApproved')}
              </p>
            ) : null}
            <ChangeFunding changeId={change.id} />
            {editable ? (
              <DecisionButtons
                busy={busy}
                onReject={() => reject.mutate({ id: change.id })}
                onApprove={mine(change) ? undefined : () => approve.mutate({ id: change.id })}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <ActionMessage message={message} />
    </section>
  );
}
