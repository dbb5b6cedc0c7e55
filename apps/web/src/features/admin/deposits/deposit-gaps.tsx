import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdtExact, usdt } from '@app/domain';
import type { DepositGapItem, ListDepositGapsStatus } from '@app/contracts';
import { useListDepositGaps, useResolveDepositGap } from './api';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { NoteDecision } from './note-decision';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

const FILTERS: ListDepositGapsStatus[] = ['open', 'resolved', 'closed'];
/** The four figures, chain against books: in (reached, credited), out (left, swept). */
const FIGURES = ['chain_in', 'credited', 'chain_out', 'swept'] as const;

type Finding =
  'notCredited' | 'creditedWithoutTransfer' | 'unrecordedOutflow' | 'sweepWithoutOutflow';

/**
 * What an item means, in words: each side (into the address, out of it)
 * whose chain figure and book figure differ, by how much. Computed in
 * micro-USDT, so a difference of one micro is not lost to rounding.
 */
function gapFindings(gap: DepositGapItem): { key: Finding; amount: string }[] {
  const inflow = usdt(gap.chain_in) - usdt(gap.credited);
  const outflow = usdt(gap.chain_out) - usdt(gap.swept);
  const findings: { key: Finding; amount: string }[] = [];
  const abs = (micro: bigint) => formatUsdtExact(micro < 0n ? -micro : micro);
  if (inflow > 0n) findings.push({ key: 'notCredited', amount: abs(inflow) });
  if (inflow < 0n) findings.push({ key: 'creditedWithoutTransfer', amount: abs(inflow) });
  if (outflow > 0n) findings.push({ key: 'unrecordedOutflow', amount: abs(outflow) });
  if (outflow < 0n) findings.push({ key: 'sweepWithoutOutflow', amount: abs(outflow) });
  return findings;
}

/**
 * The reconciler's items (GET /admin/deposits/gaps): deposit addresses whose
 * USDT history on the node differs from what was credited and swept, with
 * what the difference means. An item closes by itself once the books agree;
 * one settled another way (an adjustment, a refund by hand) is resolved here
 * with a note, after a confirmation that says what resolving does.
 */
export function DepositGaps() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ListDepositGapsStatus>('open');
  const gaps = useListDepositGaps({ status }, { query: { refetchOnMount: 'always' } });
  const [message, setMessage] = useState<ActionOutcome | null>(null);
  const resolve = useResolveDepositGap({
    onSuccess: (gap) => {
      setMessage({ text: t('admin.deposits.gaps.resolvedDone', { id: gap.id }), failed: false });
    },
    onError: (error) => setMessage({ text: t(apiErrorKey(error)), failed: true }),
  });
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <>
      <div className="admin-section__head">
        <h3 id="deposit-gaps-title" className="section-title">
          {t('admin.deposits.gaps.title')}
        </h3>
        <label className="visually-hidden" htmlFor="deposit-gaps-status">
          {t('admin.deposits.gaps.status')}
        </label>
        <select
          id="deposit-gaps-status"
          value={status}
          onChange={(event) => {
            setMessage(null);
            setStatus(event.target.value as ListDepositGapsStatus);
          }}
        >
          {FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`admin.deposits.gaps.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="form__note">{t('admin.deposits.gaps.note')}</p>
      {gaps.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {gaps.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {gaps.isSuccess && gaps.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list" aria-labelledby="deposit-gaps-title">
        {(gaps.data ?? []).map((g) => (
          <li key={g.id} className="record-row" data-testid="deposit-gap">
            <div className="record-row__main">
              <span className="record-row__type">
                #{g.id} · {t('admin.deposits.member', { id: g.user_id })}
              </span>
              <time dateTime={g.found_at}>{when(g.found_at)}</time>
            </div>
            <p className="form__note">
              <code className="break-all">{g.address}</code>
            </p>
            <dl className="summary-list">
              {FIGURES.map((key) => (
                <div key={key}>
                  <dt>{t(`admin.deposits.gaps.${key}`)}</dt>
                  <dd>{formatUsdtExact(g[key])}</dd>
                </div>
              ))}
            </dl>
            {gapFindings(g).map((f) => (
              <p key={f.key} className="form__error" data-testid="gap-finding">
                {t(`admin.deposits.gaps.${f.key}`, { amount: f.amount })}
              </p>
            ))}
            <p className="form__note">
              {t('admin.deposits.gaps.asOf', {
                block: g.as_of_block,
                checked: when(g.checked_at),
              })}
            </p>
            {g.status === 'closed' && g.closed_at ? (
              <p className="form__note">
                {t('admin.deposits.gaps.closed', { when: when(g.closed_at) })}
              </p>
            ) : null}
            {g.status === 'resolved' && g.closed_at ? (
              <p className="form__note" data-testid="gap-resolution">
                {t('admin.deposits.gaps.resolved', {
                  id: g.resolved_by,
                  when: when(g.closed_at),
                  note: g.note,
                })}
              </p>
            ) : null}
            {g.status === 'open' ? (
              <NoteDecision
                action={t('admin.deposits.gaps.resolve')}
                noteLabel={t('admin.deposits.gaps.resolveNote')}
                busy={resolve.isPending}
                onOpen={() => setMessage(null)}
                onConfirm={(note) => resolve.mutate({ id: g.id, data: { note } })}
              >
                {t('admin.deposits.gaps.confirmResolve', {
                  id: g.id,
                  member: g.user_id,
                  address: g.address,
                })}
              </NoteDecision>
            ) : null}
          </li>
        ))}
      </ul>
      <ActionMessage message={message} />
    </>
  );
}
