import type { TFunction } from 'i18next';
import type { EconomyChangeItem } from '@app/contracts';

/**
 * What a form of economy settings says after saving: "Saved", or which of
 * its changes wait for a second admin (the answer's `pending_changes`);
 * `partly` when the rest of the form applied.
 */
export function savedMessage(t: TFunction, pending: EconomyChangeItem[], partly = false): string {
  if (pending.length === 0) return t('admin.economy.saved');
  const what = pending
    .map((change) => t(`admin.approvals.target_${change.target}`, { id: change.target_id ?? '' }))
    .join(', ');
  return t(partly ? 'admin.economy.savedPartly' : 'admin.economy.waiting', { what });
}
