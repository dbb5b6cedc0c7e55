import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { MemberPostingItem, RoleBodyRole } from '@app/contracts';
import {
  useActivateMember,
  useDeactivateMember,
  useEndMemberLogins,
  useGetMe,
  useGetMember,
  useIssueResetCode,
  useSetMemberRole,
} from './api';
import { ConfirmBox } from '../../../components/ui/confirm-box';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { canUse } from '../../../lib/staff';
import { MemberRing } from './member-ring';
import { resetCodeMessage } from '../shared/reset-code-message';
import { accountLabel, currencyLabel, loginEndLabel, roleOption } from '../shared/plain-words';

type Action = 'deactivate' | 'activate' | 'end_logins' | 'reset_code' | 'role';
const ROLES: RoleBodyRole[] = ['member', 'admin', 'finance', 'support'];

/** `/admin/members/:id`: everything about one member, and the actions on the account. */
export function MemberPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const role = useGetMe().data?.role;
  const member = useGetMember(id, { query: { enabled: Number.isInteger(id) && id > 0 } });
  // Each account action answers with the detail: api/ puts it in the cache.
  const deactivate = useDeactivateMember();
  const activate = useActivateMember();
  const endLogins = useEndMemberLogins();
  const resetCode = useIssueResetCode();
  const setRole = useSetMemberRole();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [newRole, setNewRole] = useState<RoleBodyRole>('member');
  const [message, setMessage] = useState<string | null>(null);
  // The staff request a change became, while it waits for a second admin.
  const [waitingRequest, setWaitingRequest] = useState<number | null>(null);

  if (member.isError) return <p className="empty">{t('errors.notFound')}</p>;
  if (!member.data) return <p className="empty">{t('common.loading')}</p>;
  const m = member.data;

  const run = async (action: Action) => {
    setMessage(null);
    setWaitingRequest(null);
    try {
      if (action === 'reset_code') {
        const issued = await resetCode.mutateAsync({ id });
        setMessage(resetCodeMessage(t, issued, id));
        return;
      }
      if (action === 'end_logins') {
        await endLogins.mutateAsync({ id });
        setMessage(t('admin.member.done'));
        return;
      }
      // Giving or taking away power may wait for a second admin (a staff request).
      const answer =
        action === 'deactivate'
          ? await deactivate.mutateAsync({ id })
          : action === 'activate'
            ? await activate.mutateAsync({ id })
            : await setRole.mutateAsync({ id, data: { role: newRole } });
      if (answer.status === 'applied') {
        setMessage(t('admin.member.done'));
      } else {
        setWaitingRequest(answer.request_id);
        setMessage(t('admin.staff.awaiting', { id: answer.request_id }));
      }
    } catch (error) {
      setMessage(t(apiErrorKey(error)));
    } finally {
      setConfirming(null);
    }
  };
  // A posting as the member's statement names it; a commission with its level and watcher.
  const movementLabel = (p: MemberPostingItem) =>
    p.movement === 'commission' && p.commission_level !== null
      ? t('admin.member.commission', { level: p.commission_level, id: p.from_member_id })
      : t(`statement.kinds.${p.movement}`);
  const actions: Action[] = canUse(role, 'people')
    ? [m.is_active ? 'deactivate' : 'activate', 'end_logins', 'reset_code']
    : [];

  return (
    <section className="admin-section" aria-labelledby="member-title">
      <p>
        <Link to="/admin/members">← {t('admin.members.title')}</Link>
      </p>
      <h2 id="member-title" className="section-title">
        {t('admin.member.title', { id: m.id })}
      </h2>
      <dl className="summary-list" data-testid="member-detail">
        {(
          [
            ['phone', m.phone],
            ['nickname', m.nickname ?? '—'],
            ['role', t(`admin.roles.${m.role}`)],
            ['status', m.is_active ? t('admin.member.active') : t('admin.members.inactive')],
            [
              'level',
              `V${m.vip_level}${m.vip_expire ? ` · ${formatDateTime(m.vip_expire, i18n.language)}` : ''}`,
            ],
            ['verification', t(`verified.status.${m.verification}`)],
            ['mail', m.mail ?? '—'],
            ['inviter', m.inviter_id ?? '—'],
            ['joined', formatDateTime(m.created_at, i18n.language)],
            ['money', `${formatUsdt(m.money)} USDT`],
            ['points', `${formatUsdt(m.points)} (${formatUsdt(m.points_hold)})`],
            [
              'team',
              `${m.team.level1} / ${m.team.level2} / ${m.team.level3} · VIP1+ ${m.team.active}`,
            ],
          ] as const
        ).map(([key, value]) => (
          <div key={key}>
            <dt>{t(`admin.member.fields.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {canUse(role, 'money') ? <MemberRing memberId={m.id} /> : null}

      <div className="modal__buttons">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`button button--small ${action === 'deactivate' ? 'button--danger' : 'button--ghost'}`}
            onClick={() => setConfirming(action)}
          >
            {t(`admin.member.actions.${action}`)}
          </button>
        ))}
      </div>
      {canUse(role, 'admin') ? (
        <div className="filters">
          <div className="field">
            <label className="field__label" htmlFor="member-role">
              {t('admin.member.fields.role')}
            </label>
            <select
              id="member-role"
              className="field__input"
              value={newRole}
              onChange={(event) => setNewRole(event.target.value as RoleBodyRole)}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleOption(t, r)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setConfirming('role')}
          >
            {t('admin.member.actions.role')}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmBox onCancel={() => setConfirming(null)} onConfirm={() => run(confirming)}>
          <p>
            {t(`admin.member.confirm.${confirming}`, {
              id: m.id,
              role: t(`admin.roles.${newRole}`),
            })}
          </p>
        </ConfirmBox>
      ) : null}
      {message ? (
        <p className="form__note" role="status" data-testid="member-message">
          {message}
          {waitingRequest !== null ? (
            <>
              {' '}
              <Link to="/admin/staff">{t('admin.staff.open')}</Link>
            </>
          ) : null}
        </p>
      ) : null}

      <h3 className="section-title">{t('admin.member.records')}</h3>
      <ul className="record-list">
        {m.records.map((r) => (
          <li key={r.id} className="record-row">
            <div className="record-row__main">
              <span className="record-row__type">
                {t(`records.type.${r.type}`)} · {r.is_add ? '+' : '-'}
                {formatUsdt(r.amount)} USDT
              </span>
              <span>{t(`records.status.${r.status}`)}</span>
            </div>
            <time dateTime={r.created_at}>{formatDateTime(r.created_at, i18n.language)}</time>
          </li>
        ))}
      </ul>
      <h3 className="section-title">{t('admin.member.postings')}</h3>
      <div
        className="table-scroll"
        role="region"
        aria-label={t('common.table', { name: t('admin.member.postings') })}
        tabIndex={0}
      >
        <table className="data-table">
          <tbody>
            {m.postings.map((p) => (
              <tr key={p.id}>
                <td>{formatDateTime(p.created_at, i18n.language)}</td>
                <td>{movementLabel(p)}</td>
                <td>{accountLabel(t, p.account)}</td>
                <td className="num">
                  {p.amount > 0 ? '+' : ''}
                  {formatUsdt(p.amount)} {currencyLabel(t, p.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="section-title">{t('admin.member.logins')}</h3>
      <ul className="record-list">
        {m.logins.map((l) => (
          <li key={l.id} className="record-row">
            {formatDateTime(l.created_at, i18n.language)} · {l.ip ?? '—'} ·{' '}
            {l.revoked_at
              ? `${t('admin.member.ended')} (${loginEndLabel(t, l.revoked_reason)})`
              : t('admin.member.open')}
          </li>
        ))}
      </ul>
    </section>
  );
}
