import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { RingItem } from '@app/contracts';
import type { RingDecision } from './api';

/**
 * One ring of accounts in the risk queue: who is in it, what links them,
 * what it holds, the decision waiting for a second operator, and the two
 * decisions.
 */
export function RingCard({
  ring,
  busy,
  onDecide,
}: {
  ring: RingItem;
  busy: boolean;
  onDecide: (decision: RingDecision) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="record-row" data-testid="ring">
      <div className="record-row__main">
        <span className="record-row__type">{t('admin.risk.ring', { id: ring.id })}</span>
        <span>{t(`admin.risk.status.${ring.status}`)}</span>
      </div>
      <p className="record-row__meta">
        {t('admin.risk.members', { count: ring.members.length })}{' '}
        {ring.members.map((id, i) => (
          <span key={id}>
            {i > 0 ? ', ' : ''}
            <Link to={`/admin/members/${id}`}>#{id}</Link>
          </span>
        ))}
      </p>
      <ul className="ring-signals" aria-label={t('admin.risk.signalsTitle')}>
        {ring.signals.map((s) => (
          <li key={`${s.kind}:${s.value_hint}`} data-testid="ring-signal">
            {t(`admin.risk.signals.${s.kind}`, { hint: s.value_hint, count: s.members })}
          </li>
        ))}
      </ul>
      <p data-testid="ring-held">
        {t('admin.risk.held', {
          usdt: formatUsdt(ring.held_usdt),
          points: formatUsdt(ring.held_points),
        })}
      </p>
      {ring.pending.map((p) => (
        <p key={p.decision} className="form__note" data-testid="ring-pending">
          {t('admin.risk.pending', {
            decision: t(`admin.risk.decision.${p.decision}`),
            by: p.requested_by,
            amount: formatUsdt(p.amount),
          })}{' '}
          {p.awaiting_admin
            ? t('admin.approvals.awaitingAdmin')
            : t('admin.approvals.awaitingSecond')}
        </p>
      ))}
      <div className="modal__buttons">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => onDecide('reverse')}
        >
          {t('admin.risk.decision.reverse')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          disabled={busy}
          onClick={() => onDecide('release')}
        >
          {t('admin.risk.decision.release')}
        </button>
      </div>
    </li>
  );
}
