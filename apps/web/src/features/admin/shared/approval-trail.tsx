import { useTranslation } from 'react-i18next';
import type { ApprovalEntry } from '@app/contracts';
import { formatDateTime } from '../../../lib/format-date';
import { roleLabel } from './plain-words';

/**
 * Who approved a request so far (role, when, over their daily limit or not)
 * and what it still waits for: a second, different operator, or an admin.
 * The rule is the API's (approvals in apps/api); this only shows its answer.
 */
export function ApprovalTrail({
  approvals = [],
  awaitingSecond = false,
  awaitingAdmin = false,
}: {
  // Optional: an API older than the approvals table answers without them.
  approvals?: ApprovalEntry[];
  awaitingSecond?: boolean;
  awaitingAdmin?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (approvals.length === 0 && !awaitingSecond && !awaitingAdmin) return null;
  return (
    <div className="form__note" data-testid="approval-trail">
      {approvals.length > 0 ? (
        <p>
          {t('admin.approvals.approvedBy')}:{' '}
          {approvals.map((a, i) => (
            <span key={`${a.operator_id}-${a.created_at}`} data-testid="approval">
              {i > 0 ? ', ' : ''}#{a.operator_id} ({roleLabel(t, a.role)},{' '}
              {formatDateTime(a.created_at, i18n.language)}
              {a.over_cap ? `, ${t('admin.approvals.overCap')}` : ''})
            </span>
          ))}
        </p>
      ) : null}
      {awaitingSecond ? (
        <p data-testid="awaiting-second">{t('admin.approvals.awaitingSecond')}</p>
      ) : null}
      {awaitingAdmin ? (
        <p data-testid="awaiting-admin">{t('admin.approvals.awaitingAdmin')}</p>
      ) : null}
    </div>
  );
}
