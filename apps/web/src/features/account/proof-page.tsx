import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MemberProof, ProofMismatch } from '@app/domain';
import {
  useGetMe,
  useGetStatement,
  useLatestProof,
  useListBalanceRecords,
  useMyProof,
} from './api';
import { PageHeader } from '../../components/ui/page-header';
import { apiErrorKey } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import {
  type OwnRecords,
  type ProofVerdict,
  checkProof,
  exactUsdt,
  statementAt,
  toMicro,
} from './proof-check';

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

const pendingOf = (proof: MemberProof) =>
  proof.pending_withdrawals.reduce((sum, w) => sum + BigInt(w.amount_micro), 0n);

/** One line per figure that differs, saying which and both values. */
function MismatchLines({ mismatches }: { mismatches: ProofMismatch[] }) {
  const { t } = useTranslation();
  return (
    <ul className="record-list" data-testid="proof-mismatches">
      {mismatches.map((m) => (
        <li key={m.figure}>
          {m.figure === 'owner'
            ? t('proof.mismatch.owner')
            : t(`proof.mismatch.${m.figure}`, {
                proof: exactUsdt(m.proof),
                statement: exactUsdt(m.statement),
              })}
        </li>
      ))}
    </ul>
  );
}

/** The verdict of a check, as the member reads it. */
function Verdict({ verdict, testId }: { verdict: ProofVerdict; testId: string }) {
  const { t } = useTranslation();
  const ok = verdict.state === 'ok';
  return (
    <div className={`verdict ${ok ? 'is-ok' : 'is-bad'}`} data-testid={testId} role="status">
      <strong>
        {verdict.state === 'ok'
          ? t('proof.verified')
          : verdict.state === 'broken'
            ? t('proof.failed', { reason: verdict.reason })
            : verdict.state === 'other_snapshot'
              ? t('proof.failed', { reason: t('proof.otherSnapshot') })
              : t('proof.doesNotMatch')}
      </strong>
      {verdict.state === 'mismatch' ? <MismatchLines mismatches={verdict.mismatches} /> : null}
    </div>
  );
}

/**
 * `/mine/proof` (Mine → Proof of funds): the member's liability in the latest
 * proof of liabilities, its random parts and their paths, the total they are
 * part of and the reserves on chain. Checked here, in the browser: the paths
 * lead to the published root, the parts are the member's own (their ids name
 * them), the E-Wallet is their statement's at the snapshot's time and the
 * pending withdrawals are theirs. A saved proof (another member's, say) can
 * be checked the same way.
 */
export function ProofPage() {
  const { t, i18n } = useTranslation();
  const latest = useLatestProof({ query: { refetchOnMount: 'always', retry: false } });
  const mine = useMyProof({ query: { refetchOnMount: 'always', retry: false } });
  const me = useGetMe();
  const proof = mine.data as MemberProof | undefined;
  const published = latest.data;
  const statement = useGetStatement(statementAt(proof?.created_at ?? new Date(0).toISOString()), {
    query: { enabled: proof !== undefined, refetchOnMount: 'always' },
  });
  const withdrawals = useListBalanceRecords(
    { add: 'false', limit: 100 },
    { query: { refetchOnMount: 'always' } },
  );
  const [saved, setSaved] = useState<{ name: string; verdict: ProofVerdict } | null>(null);

  const own: OwnRecords | null =
    me.data && statement.data && withdrawals.data
      ? {
          memberId: me.data.id,
          statementItem: statement.data.items[0],
          withdrawals: withdrawals.data,
        }
      : null;
  const verdict = proof && published && own ? checkProof(proof, published, own) : null;

  async function checkFile(file: File) {
    if (!published || !own) return;
    let parsed: MemberProof;
    try {
      parsed = JSON.parse(await file.text()) as MemberProof;
    } catch {
      setSaved({ name: file.name, verdict: { state: 'broken', reason: t('proof.notJson') } });
      return;
    }
    setSaved({ name: file.name, verdict: checkProof(parsed, published, own) });
  }

  const error = latest.error ?? mine.error ?? statement.error ?? withdrawals.error;
  return (
    <main className="page proof-page">
      <PageHeader title={t('routes.proof')} backTo="/mine" backLabel={t('common.back')} />
      <p className="form__note">{t('proof.intro')}</p>
      {error ? (
        <p className="empty" role="alert">
          {t(apiErrorKey(error))}
        </p>
      ) : null}
      {!error && !verdict ? <p className="empty">{t('common.loading')}</p> : null}
      {proof && published && verdict ? (
        <>
          <Verdict verdict={verdict} testId="proof-verdict" />
          <p data-testid="proof-summary">
            {t('proof.included', {
              balance: exactUsdt(proof.balance_micro),
              total: exactUsdt(published.total_micro),
            })}
          </p>
          <p data-testid="proof-made-of">
            {t('proof.madeOf', {
              eWallet: exactUsdt(proof.e_wallet_micro),
              pending: exactUsdt(pendingOf(proof)),
              at: formatDateTime(proof.created_at, i18n.language),
            })}
          </p>
          <p data-testid="proof-reserves">
            {t('proof.reserves', {
              reserves: exactUsdt(toMicro(published.reserves.total)),
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
              <dd>{published.members}</dd>
            </div>
            <div>
              <dt>{t('proof.hotWallet')}</dt>
              <dd>{exactUsdt(toMicro(published.reserves.hot_wallet))} USDT</dd>
            </div>
            {published.reserves.cold_wallet_address ? (
              <div>
                <dt>{t('proof.coldWallet')}</dt>
                <dd>{exactUsdt(toMicro(published.reserves.cold_wallet))} USDT</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('proof.depositAddresses')}</dt>
              <dd>{exactUsdt(toMicro(published.reserves.deposit_addresses))} USDT</dd>
            </div>
            <div>
              <dt>{t('proof.root')}</dt>
              <dd>
                <code className="break-all">{published.root_hash}</code>
              </dd>
            </div>
          </dl>
          <h2 className="section-title">{t('proof.parts')}</h2>
          <ul className="record-list" data-testid="proof-parts">
            {proof.leaves.map((leaf, i) => (
              <li key={leaf.leaf_id} className="record-row">
                <span>{t('proof.part', { n: i + 1, steps: leaf.path.length })}</span>
                <span>{exactUsdt(leaf.amount_micro)} USDT</span>
              </li>
            ))}
          </ul>
          <div className="action-row action-row--two">
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => download('proof.json', proof)}
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
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() =>
              download('records.json', { statement: statement.data, withdrawals: withdrawals.data })
            }
          >
            {t('proof.downloadRecords')}
          </button>
          <p className="form__note">{t('proof.howToVerify', { member: proof.member_id })}</p>
          <label className="field">
            <span className="field__label">{t('proof.checkFile')}</span>
            <input
              type="file"
              accept="application/json,.json"
              data-testid="proof-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void checkFile(file);
              }}
            />
          </label>
          {saved ? (
            <>
              <p className="form__note">{t('proof.fileChecked', { name: saved.name })}</p>
              <Verdict verdict={saved.verdict} testId="proof-file-verdict" />
            </>
          ) : null}
          {published.reserves.addresses.length > 0 ? (
            <details>
              <summary>{t('proof.addresses')}</summary>
              <ul className="record-list">
                {published.reserves.addresses.map((a) => (
                  <li key={a.address} className="record-row">
                    <code className="break-all">{a.address}</code>
                    <span>{exactUsdt(toMicro(a.balance))} USDT</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <Link to="/transparency" className="button button--ghost button--small">
            {t('proof.transparency')}
          </Link>
        </>
      ) : null}
    </main>
  );
}
