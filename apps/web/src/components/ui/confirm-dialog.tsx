import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './modal';

/**
 * Asks before an action that cannot be undone (buying a package, moving
 * USDT to points, deleting every message): what will happen, Cancel and the
 * action's own label. Escape or a tap outside cancels. `irreversible={false}`
 * leaves out "cannot be undone" for what can still be taken back (a
 * withdrawal, until an operator approves it).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  irreversible = true,
  dismissLabel,
  confirmDisabled = false,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  irreversible?: boolean;
  /** The dismissing button's label when "Cancel" would read as the action (cancelling a withdrawal). */
  dismissLabel?: string;
  /** The action waits for something the dialog asks (a re-typed address). */
  confirmDisabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {dismissLabel ?? t('common.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
      {irreversible ? <p className="form__note">{t('common.cannotUndo')}</p> : null}
    </Modal>
  );
}
