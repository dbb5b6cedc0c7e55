import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt, microToNumber } from '@app/domain';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { useListProofs, usePublishProof } from './api';

const usdt = (micro: string) => formatUsdt(microToNumber(BigInt(micro)));

/**
 * Proof of liabilities: the latest snapshot's total (members' E-Wallets and
 * withdrawals not yet sent, the tree's root sum) against the reserves read
 * on chain at its block, the recent snapshots, and a button that publishes
 * one now (at most one a minute).
 */
export function ProofsSection() {
  const { t, i18n } = useTranslation();
  const list = useListProofs({ query: { refetchOnMount: 'always' } });
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  // After the message, the proofs, the latest one and the audit log follow (api/).
  const publish = usePublishProof({
    onSuccess: (proof) =>
      setMessage({ text: t('admin.proofs.published', { block: proof.block }), failed: false }),
    onError: (error) => setMessage({ text: t(apiErrorKey(error)), failed: true }),
  });
  const latest = list.data?.[0];

  return (
    <section className="admin-section" aria-labelledby="proofs-title">
      <div className="admin-section__head">
        <h2 id="proofs-title" className="section-title">
          {t('admin.proofs.title')}
        </h2>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => publish.mutate()}
          disabled={publish.isPending}
        >
          {publish.isPending ? t('admin.proofs.publishing') : t('admin.proofs.publish')}
        </button>
      </div>
      {message ? (
        <p className={message.failed ? 'form__error' : 'form__note'} role="status">
          {message.text}
        </p>
      ) : null}
      {list.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {list.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {list.data && !latest ? <p className="empty">{t('admin.proofs.none')}</p> : null}
      {latest ? (
        <>
          <div
            className={`verdict ${latest.covered ? 'is-ok' : 'is-bad'}`}
            data-testid="proof-covered"
          >
            <span className="verdict__label">{t('admin.proofs.covered')}</span>
            <strong>
              {`${latest.covered ? t('admin.ledger.yes') : t('admin.ledger.no')} (${formatUsdt(latest.surplus)})`}
            </strong>
          </div>
          <dl className="summary-list" data-testid="proof-latest">
            <div>
              <dt>{t('admin.proofs.liabilities')}</dt>
              <dd>{usdt(latest.total_micro)}</dd>
            </div>
            <div>
              <dt>{t('admin.proofs.reserves')}</dt>
              <dd>{formatUsdt(latest.reserves.total)}</dd>
            </div>
            <div>
              <dt>{t('admin.proofs.hotWallet')}</dt>
              <dd>{formatUsdt(latest.reserves.hot_wallet)}</dd>
            </div>
            {latest.reserves.cold_wallet_address ? (
              <div>
                <dt>{t('admin.proofs.coldWallet')}</dt>
                <dd>{formatUsdt(latest.reserves.cold_wallet)}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('admin.proofs.depositAddresses')}</dt>
              <dd>{formatUsdt(latest.reserves.deposit_addresses)}</dd>
            </div>
            <div>
              <dt>{t('admin.proofs.block')}</dt>
              <dd>
                {latest.block === latest.last_block
                  ? latest.block
                  : `${latest.block}–${latest.last_block}`}
              </dd>
            </div>
            <div>
              <dt>{t('admin.proofs.members')}</dt>
              <dd>{latest.members}</dd>
            </div>
            <div>
              <dt>{t('admin.proofs.root')}</dt>
              <dd>
                <code className="break-all">{latest.root_hash}</code>
              </dd>
            </div>
          </dl>
          <div
            className="table-scroll"
            role="region"
            aria-label={t('common.table', { name: t('admin.proofs.history') })}
            tabIndex={0}
          >
            <table className="data-table">
              <caption className="visually-hidden">{t('admin.proofs.history')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.proofs.when')}</th>
                  <th scope="col">{t('admin.proofs.trigger')}</th>
                  <th scope="col" className="num">
                    {t('admin.proofs.liabilities')}
                  </th>
                  <th scope="col" className="num">
                    {t('admin.proofs.reserves')}
                  </th>
                  <th scope="col" className="num">
                    {t('admin.proofs.block')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data?.map((s) => (
                  <tr key={s.id} className={s.covered ? '' : 'is-bad'}>
                    <td>{formatDateTime(s.created_at, i18n.language)}</td>
                    <td>{t(`admin.proofs.triggers.${s.trigger}`)}</td>
                    <td className="num">{usdt(s.total_micro)}</td>
                    <td className="num">{formatUsdt(s.reserves.total)}</td>
                    <td className="num">{s.block}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
