import { useTranslation } from 'react-i18next';

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
