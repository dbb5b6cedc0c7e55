import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt, microToNumber, verifyMemberProof, type MemberProof } from '@app/domain';
import { useLatestProof, useMyProof } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { apiErrorKey } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';

const usdt = (micro: string) => formatUsdt(microToNumber(BigInt(micro)));

/** Offers `value` as a JSON file (for `pnpm verify:proof`, or any verifier). */
function download(name: string, value: unknown) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `/mine/proof` (Mine → Proof of funds): the member's balance in the latest
 * proof of liabilities, the total it is part of and the reserves on chain,
 * with the path checked here, in the browser, against the published root.
 */
export function ProofPage() {
  const { t, i18n } = useTranslation();
  const latest = useLatestProof({ query: { refetchOnMount: 'always', retry: false } });
  const mine = useMyProof({ query: { refetchOnMount: 'always', retry: false } });
  const proof = mine.data as MemberProof | undefined;
  const published = latest.data;

  const check = useMemo(() => {
    if (!proof || !published) return null;
    if (proof.root_hash !== published.root_hash || proof.total_micro !== published.total_micro) {
      return { ok: false as const, reason: t('proof.otherSnapshot') };
    }
    return verifyMemberProof(proof);
  }, [proof, published, t]);

  const error = latest.error ?? mine.error;
  return (
    <main className="page proof-page">
      <PageHeader title={t('routes.proof')} backTo="/mine" backLabel={t('common.back')} />
      <p className="form__note">{t('proof.intro')}</p>
      {error ? (
        <p className="empty" role="alert">
          {t(apiErrorKey(error))}
        </p>
      ) : null}
      {!error && (!proof || !published) ? <p className="empty">{t('common.loading')}</p> : null}
      {proof && published && check ? (
        <>
          <div
            className={`verdict ${check.ok ? 'is-ok' : 'is-bad'}`}
            data-testid="proof-verdict"
            role="status"
          >
            <strong>
              {check.ok ? t('proof.verified') : t('proof.failed', { reason: check.reason })}
            </strong>
          </div>
          <p data-testid="proof-summary">
            {t('proof.included', {
              balance: usdt(proof.leaf.balance_micro),
              total: usdt(published.total_micro),
            })}
          </p>
          <p data-testid="proof-reserves">
            {t('proof.reserves', {
              reserves: formatUsdt(published.reserves.total),
              block: published.block,
            })}
          </p>
          <dl className="summary-list">
            <div>
              <dt>{t('proof.publishedAt')}</dt>
              <dd>{formatDateTime(published.created_at, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('proof.members')}</dt>
              <dd>{published.leaves}</dd>
            </div>
            <div>
              <dt>{t('proof.hotWallet')}</dt>
              <dd>{formatUsdt(published.reserves.hot_wallet)} USDT</dd>
            </div>
            <div>
              <dt>{t('proof.depositAddresses')}</dt>
              <dd>{formatUsdt(published.reserves.deposit_addresses)} USDT</dd>
            </div>
            <div>
              <dt>{t('proof.root')}</dt>
              <dd>
                <code className="break-all">{published.root_hash}</code>
              </dd>
            </div>
            <div>
              <dt>{t('proof.steps')}</dt>
              <dd>{proof.path.length}</dd>
            </div>
          </dl>
          <div className="action-row action-row--two">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => download(`proof-${proof.leaf.member_id}.json`, proof)}
            >
              {t('proof.download')}
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => download('proof-latest.json', published)}
            >
              {t('proof.downloadLatest')}
            </button>
          </div>
          <p className="form__note">{t('proof.howToVerify')}</p>
          {published.reserves.addresses.length > 0 ? (
            <details>
              <summary>{t('proof.addresses')}</summary>
              <ul className="record-list">
                {published.reserves.addresses.map((a) => (
                  <li key={a.address} className="record-row">
                    <code className="break-all">{a.address}</code>
                    <span>{formatUsdt(a.balance)} USDT</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
