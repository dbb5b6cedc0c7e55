import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The second step of an operator's action: what will happen, Cancel and Confirm. */
export function ConfirmBox({
  children,
  onCancel,
  onConfirm,
  disabled = false,
}: {
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="confirm-box" role="group" aria-label={t('admin.withdrawals.confirmTitle')}>
      {children}
      <div className="modal__buttons">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={disabled}
          onClick={onConfirm}
        >
          {t('admin.withdrawals.confirmButton')}
        </button>
      </div>
    </div>
  );
}
