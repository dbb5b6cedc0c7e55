import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * Reject and Approve for one waiting request (adjustments, economy changes);
 * without `onApprove` (the operator asked for it or approved it already) only Reject.
 */
export function DecisionButtons({
  busy,
  onReject,
  onApprove,
}: {
  busy: boolean;
  onReject: () => void;
  onApprove?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="modal__buttons">
      <button type="button" className="button button--ghost" disabled={busy} onClick={onReject}>
        {t('admin.approvals.reject')}
      </button>
      {onApprove ? (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={onApprove}
        >
          {t('admin.approvals.approve')}
        </button>
      ) : null}
    </div>
  );
}

/** The request an operator is about to approve or reject, once asked to confirm. */
export interface Decision<T> {
  request: T;
  action: 'approve' | 'reject';
}

/**
 * The confirmation before an approval or a rejection (adjustments, staff
 * changes): an approval can move money or power at once, so the operator reads
 * what it does first (`children`, given the decision) and confirms.
 */
export function DecisionDialog<T extends { id: number }>({
  deciding,
  onClose,
  onApprove,
  onReject,
  children,
}: {
  deciding: Decision<T> | null;
  onClose: () => void;
  onApprove: (id: number) => void;
  onReject: (id: number) => void;
  children: (decision: Decision<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={deciding !== null}
      title={t('admin.approvals.confirmTitle')}
      confirmLabel={
        deciding?.action === 'reject' ? t('admin.approvals.reject') : t('admin.approvals.approve')
      }
      onCancel={onClose}
      onConfirm={() => {
        if (!deciding) return;
        onClose();
        if (deciding.action === 'approve') onApprove(deciding.request.id);
        else onReject(deciding.request.id);
      }}
    >
      {deciding ? <p>{children(deciding)}</p> : null}
    </ConfirmDialog>
  );
}
