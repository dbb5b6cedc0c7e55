import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { StaffRequestItem } from '@app/contracts';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import {
  useApproveStaffRequest,
  useGetMe,
  useListStaffRequests,
  useRejectStaffRequest,
  useStaffOverview,
} from './api';
import { DecisionButtons, DecisionDialog, type Decision } from '../shared/decision-buttons';
import { OneAdminNotice } from '../shared/one-admin-notice';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

/**
 * `/admin/staff` (admins): who is staff is decided by two admins (issue 36).
 * The changes waiting for a second admin, with Approve and Reject, and the
 * ones decided lately: who asked, who decided, when. The API refuses the
 * requester's approval and any decision about oneself; this page only
 * offers the buttons.
 */
export function StaffPage() {
  const { t, i18n } = useTranslation();
  const myId = useGetMe().data?.id;
  const overview = useStaffOverview({ query: { refetchOnMount: 'always' } });
  const pending = useListStaffRequests(
    { status: 'pending' },
    { query: { refetchOnMount: 'always' } },
  );
  const decided = useListStaffRequests({ limit: 20 }, { query: { refetchOnMount: 'always' } });
  const [message, setMessage] = useState<ActionOutcome | null>(null);
  const [deciding, setDeciding] = useState<Decision<StaffRequestItem> | null>(null);
  const failed = (error: unknown) => setMessage({ text: t(apiErrorKey(error)), failed: true });
  const approve = useApproveStaffRequest({
    onSuccess: (r) => setMessage({ text: t('admin.staff.approved', { id: r.id }), failed: false }),
    onError: failed,
  });
  const reject = useRejectStaffRequest({
    onSuccess: (r) => setMessage({ text: t('admin.staff.rejected', { id: r.id }), failed: false }),
    onError: failed,
  });
  const busy = approve.isPending || reject.isPending;
  const describe = (r: StaffRequestItem) =>
    r.change === 'role'
      ? t('admin.staff.change.role', {
          from: t(`admin.roles.${r.before_role}`),
          to: t(`admin.roles.${r.role ?? r.before_role}`),
        })
      : t(`admin.staff.change.${r.change}`, { role: t(`admin.roles.${r.before_role}`) });
  const who = (r: StaffRequestItem) => (
    <Link to={`/admin/members/${r.target_user_id}`}>
      {r.target_nickname ? `${r.target_nickname} · ` : ''}
      {r.target_phone} (#{r.target_user_id})
    </Link>
  );
  const history = (decided.data ?? []).filter((r) => r.status !== 'pending');

  return (
    <section className="admin-section" aria-labelledby="staff-title">
      <h2 id="staff-title" className="section-title">
        {t('admin.staff.title')}
      </h2>
      <p className="form__note">{t('admin.staff.rule')}</p>
      {overview.data ? <OneAdminNotice activeAdmins={overview.data.active_admins} /> : null}

      <h3 className="section-title">{t('admin.staff.pending')}</h3>
      {pending.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {pending.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {pending.isSuccess && pending.data.length === 0 ? (
        <p className="empty">{t('admin.staff.none')}</p>
      ) : null}
      <ul className="record-list">
        {(pending.data ?? []).map((r) => (
          <li key={r.id} className="record-row" data-testid="staff-request">
            <div className="record-row__main">
              <span className="record-row__type">
                #{r.id} · {describe(r)}
              </span>
              <time dateTime={r.created_at}>{formatDateTime(r.created_at, i18n.language)}</time>
            </div>
            <div className="record-row__meta">
              {who(r)} · {t('admin.staff.askedBy', { id: r.requested_by })}
            </div>
            {r.requested_by === myId ? (
              <p className="form__note">{t('admin.staff.yours')}</p>
            ) : null}
            <DecisionButtons
              busy={busy}
              onReject={() => setDeciding({ request: r, action: 'reject' })}
              onApprove={() => setDeciding({ request: r, action: 'approve' })}
            />
          </li>
        ))}
      </ul>

      <h3 className="section-title">{t('admin.staff.history')}</h3>
      {decided.isSuccess && history.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {history.map((r) => (
          <li key={r.id} className="record-row" data-testid="staff-decided">
            <div className="record-row__main">
              <span className="record-row__type">
                #{r.id} · {describe(r)}
              </span>
              <span>{t(`admin.staff.status.${r.status}`)}</span>
            </div>
            <div className="record-row__meta">
              {who(r)} · {t('admin.staff.askedBy', { id: r.requested_by })} ·{' '}
              {t(r.status === 'approved' ? 'admin.staff.approvedBy' : 'admin.staff.rejectedBy', {
                id: r.decided_by,
                at: r.decided_at ? formatDateTime(r.decided_at, i18n.language) : '',
              })}
            </div>
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
              ? 'admin.staff.confirmApprove'
              : 'admin.staff.confirmReject',
            {
              id: decision.request.id,
              change: describe(decision.request),
              member: decision.request.target_user_id,
            },
          )
        }
      </DecisionDialog>
      <ActionMessage message={message} />
    </section>
  );
}
