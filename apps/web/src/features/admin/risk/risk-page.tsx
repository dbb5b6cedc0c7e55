import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListRingsStatus, RingDecisionResponse } from '@app/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorKey } from '../../../lib/api-errors';
import { type RingDecision, useDecideRing, useListRings } from './api';
import { RingCard } from './ring-card';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

const FILTERS: (ListRingsStatus | 'all')[] = ['open', 'released', 'reversed', 'all'];

/** What a decision's answer tells the operator: done, or waiting for whom. */
function outcomeKey(ring: RingDecisionResponse, decision: RingDecision) {
  if (ring.outcome === 'applied')
    return decision === 'release' ? 'admin.risk.released' : 'admin.risk.reversed';
  return ring.outcome === 'awaiting_admin' ? 'admin.approvals.awaitingAdmin' : 'admin.risk.waits';
}

/**
 * `/admin/risk` (admins and finance): rings of accounts run by one person
 * (issue 38), their members, the signals that link them and what they hold,
 * with the release or reversal of each (audited; two operators above the
 * threshold, never an operator of the ring's own team).
 */
export function RiskPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<ListRingsStatus | 'all'>('open');
  const rings = useListRings(filter === 'all' ? {} : { status: filter }, {
    query: { refetchOnMount: 'always' },
  });
  const [deciding, setDeciding] = useState<{ id: number; decision: RingDecision } | null>(null);
  const [message, setMessage] = useState<ActionOutcome | null>(null);
  const { decide, busy } = useDecideRing({
    onSuccess: (ring, decision) =>
      setMessage({ text: t(outcomeKey(ring, decision), { id: ring.id }), failed: false }),
    onError: (error) => setMessage({ text: t(apiErrorKey(error)), failed: true }),
  });

  return (
    <section className="admin-section" aria-labelledby="risk-title">
      <h2 id="risk-title" className="section-title">
        {t('admin.risk.title')}
      </h2>
      <p className="form__note">{t('admin.risk.rule')}</p>
      <div className="filters">
        <label className="field">
          <span className="field__label">{t('admin.risk.filter')}</span>
          <select
            className="field__input"
            value={filter}
            onChange={(event) => setFilter(event.target.value as ListRingsStatus | 'all')}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.risk.filters.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ActionMessage message={message} />
      {rings.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {rings.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {rings.isSuccess && rings.data.length === 0 ? (
        <p className="empty">{t('admin.risk.none')}</p>
      ) : null}
      <ul className="record-list">
        {(rings.data ?? []).map((ring) => (
          <RingCard
            key={ring.id}
            ring={ring}
            busy={busy}
            onDecide={(decision) => setDeciding({ id: ring.id, decision })}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={deciding !== null}
        title={t('admin.approvals.confirmTitle')}
        confirmLabel={deciding ? t(`admin.risk.decision.${deciding.decision}`) : ''}
        onCancel={() => setDeciding(null)}
        onConfirm={() => {
          if (!deciding) return;
          setDeciding(null);
          setMessage(null);
          decide(deciding.id, deciding.decision);
        }}
      >
        {deciding ? (
          <p>{t(`admin.risk.confirm.${deciding.decision}`, { id: deciding.id })}</p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
