import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useDismissHeldDeposit, useListHeldDeposits } from './api';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { NoteDecision } from './note-decision';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

/**
 * Deposits held because no second node confirmed their receipt (shown only
 * while there are any). They are asked about again every 30 s; one that a
 * node made up never will be confirmed, so an operator dismisses it with a
 * note once that node is out (nothing was credited; docs/operations.md).
 */
export function HeldDeposits() {
  const { t, i18n } = useTranslation();
  const held = useListHeldDeposits({ status: 'held' }, { query: { refetchOnMount: 'always' } });
  const [message, setMessage] = useState<ActionOutcome | null>(null);
  const dismiss = useDismissHeldDeposit({
    onSuccess: () => setMessage({ text: t('admin.deposits.dismissed'), failed: false }),
    onError: (error) => setMessage({ text: t(apiErrorKey(error)), failed: true }),
  });
  if (!held.data?.length && !message) return null;
  return (
    <>
      <h3 className="section-title">{t('admin.deposits.held')}</h3>
      <p className="form__note">{t('admin.deposits.heldNote')}</p>
      <ul className="record-list">
        {(held.data ?? []).map((h) => (
          <li key={h.id} className="record-row" data-testid="held-deposit">
            <div className="record-row__main">
              <span className="record-row__type">
                {t('admin.deposits.member', { id: h.user_id })} · {formatUsdt(h.amount)} USDT
              </span>
              <time dateTime={h.created_at}>{formatDateTime(h.created_at, i18n.language)}</time>
            </div>
            <p className="form__note">
              tx <code className="break-all">{h.tx_id}</code>
            </p>
            <p className="form__error">{h.reason}</p>
            <NoteDecision
              action={t('admin.deposits.dismiss')}
              noteLabel={t('admin.deposits.dismissNote')}
              busy={dismiss.isPending}
              onOpen={() => setMessage(null)}
              onConfirm={(note) => dismiss.mutate({ id: h.id, data: { note } })}
            >
              {t('admin.deposits.confirmDismiss', {
                amount: formatUsdt(h.amount),
                member: h.user_id,
              })}
            </NoteDecision>
          </li>
        ))}
      </ul>
      <ActionMessage message={message} />
    </>
  );
}
