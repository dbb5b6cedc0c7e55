import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { formatDateTime } from '../../../lib/format-date';
import { useGetWithdrawal } from './api';
import { ApprovalTrail } from '../shared/approval-trail';
import { ChainCostLines } from './chain-cost';

/**
 * `/admin/withdrawals/:id`: one withdrawal with who approved it, its chain
 * attempts, and what it cost on chain (energy, bandwidth, TRX burnt and saved).
 */
export function WithdrawalDetailPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const withdrawal = useGetWithdrawal(id, {
    query: { enabled: Number.isInteger(id) && id > 0, refetchOnMount: 'always' },
  });
  if (withdrawal.isError) return <p className="empty">{t('errors.notFound')}</p>;
  if (!withdrawal.data) return <p className="empty">{t('common.loading')}</p>;
  const w = withdrawal.data;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <section className="admin-section" aria-labelledby="withdrawal-title">
      <p>
        <Link to="/admin/withdrawals">← {t('admin.withdrawals.title')}</Link>
      </p>
      <h2 id="withdrawal-title" className="section-title">
        {t('admin.withdrawals.detailTitle', { id: w.id })}
      </h2>
      <dl className="summary-list" data-testid="withdrawal-detail">
        <div>
          <dt>{t('admin.withdrawals.status')}</dt>
          <dd>{t(`admin.withdrawals.statuses.${w.status}`)}</dd>
        </div>
        <div>
          <dt>{t('admin.withdrawals.memberLabel')}</dt>
          <dd>
            <Link to={`/admin/members/${w.user_id}`}>{w.user_id}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('admin.withdrawals.amounts')}</dt>
          <dd>
            {t('admin.withdrawals.amountLine', {
              amount: formatUsdt(w.amount),
              fee: formatUsdt(w.fee),
              net: formatUsdt(w.net_amount),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('admin.withdrawals.wallet')}</dt>
          <dd>
            <code className="break-all">{w.wallet}</code>
          </dd>
        </div>
        <div>
          <dt>{t('admin.withdrawals.requestedAt')}</dt>
          <dd>{when(w.created_at)}</dd>
        </div>
        {w.reason ? (
          <div>
            <dt>{t('admin.withdrawals.reasonLabel')}</dt>
            <dd>{w.reason}</dd>
          </div>
        ) : null}
      </dl>
      <ApprovalTrail
        approvals={w.approvals}
        awaitingSecond={w.awaiting_second_approval}
        awaitingAdmin={w.awaiting_admin}
      />
      <h3 className="section-title">{t('admin.chainCost.title')}</h3>
      {w.chain_cost ? (
        <ChainCostLines cost={w.chain_cost} />
      ) : (
        <p className="empty">{t('admin.chainCost.none')}</p>
      )}
      <h3 className="section-title">{t('admin.withdrawals.attempts')}</h3>
      {w.attempts.length === 0 ? <p className="empty">{t('common.noRecords')}</p> : null}
      <ul className="record-list">
        {w.attempts.map((a) => (
          <li key={a.tx_id} className="record-row" data-testid="withdrawal-attempt">
            <div className="record-row__main">
              <span className="record-row__type">
                {t(`admin.withdrawals.attemptStatuses.${a.status}`)}
              </span>
              <time dateTime={a.created_at}>{when(a.created_at)}</time>
            </div>
            <p className="form__note">
              {t('admin.chainCost.tx')} <code className="break-all">{a.tx_id}</code>
            </p>
            {a.failure ? <p className="form__note">{a.failure}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
