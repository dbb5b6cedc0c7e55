import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ListDepositsStatus } from '@app/contracts';
import { useListDeposits, useListForeignDeposits } from './api';
import { formatDateTime } from '../../../lib/format-date';
import { DepositGaps } from './deposit-gaps';
import { HeldDeposits } from './held-deposits';

const FILTERS: ListDepositsStatus[] = ['under_review', 'success', 'fail'];

/**
 * Members' deposits with their states, those held for a second node, the
 * reconciler's items, and what arrived that is not credited (TRX, other tokens).
 */
export function DepositsSection() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ListDepositsStatus>('under_review');
  const deposits = useListDeposits({ status }, { query: { refetchOnMount: 'always' } });
  const foreign = useListForeignDeposits(undefined, { query: { refetchOnMount: 'always' } });

  return (
    <section className="admin-section" aria-labelledby="deposits-title">
      <div className="admin-section__head">
        <h2 id="deposits-title" className="section-title">
          {t('admin.deposits.title')}
        </h2>
        <label className="visually-hidden" htmlFor="deposits-status">
          {t('admin.deposits.status')}
        </label>
        <select
          id="deposits-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as ListDepositsStatus)}
        >
          {FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`records.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {deposits.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {deposits.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {deposits.isSuccess && deposits.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {(deposits.data ?? []).map((d) => (
          <li key={d.id} className="record-row" data-testid="deposit">
            <div className="record-row__main">
              <span className="record-row__type">
                #{d.id} · {t('admin.deposits.member', { id: d.user_id })} · {formatUsdt(d.amount)}{' '}
                USDT
              </span>
              <time dateTime={d.created_at}>{formatDateTime(d.created_at, i18n.language)}</time>
            </div>
            {d.tx_id ? (
              <p className="form__note">
                tx <code className="break-all">{d.tx_id}</code>
              </p>
            ) : null}
            {d.reason ? <p className="form__note">{d.reason}</p> : null}
          </li>
        ))}
      </ul>
      <HeldDeposits />
      <DepositGaps />
      <h3 className="section-title">{t('admin.deposits.foreign')}</h3>
      <p className="form__note">{t('admin.deposits.foreignNote')}</p>
      {foreign.isSuccess && foreign.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {(foreign.data ?? []).map((f) => (
          <li key={f.id} className="record-row" data-testid="foreign-deposit">
            <div className="record-row__main">
              <span className="record-row__type">
                {t('admin.deposits.member', { id: f.user_id })} · {f.amount}{' '}
                {f.asset === 'TRX' ? t('admin.deposits.sun') : t('admin.deposits.units')}
              </span>
              <time dateTime={f.created_at}>{formatDateTime(f.created_at, i18n.language)}</time>
            </div>
            <p className="form__note">
              <code className="break-all">{f.asset}</code> · tx{' '}
              <code className="break-all">{f.tx_id}</code>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
