import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import type { ApiLedgerReport } from '@app/contracts';
import { useLedgerReport } from './api';
import { formatDateTime } from '../../../lib/format-date';
import { RefreshableSection } from '../shared/refreshable-section';
import { accountLabel, currencyLabel } from '../shared/plain-words';

function Verdict({ ok, label }: { ok: boolean; label: 'balanced' | 'consistent' }) {
  const { t } = useTranslation();
  return (
    <div className={`verdict ${ok ? 'is-ok' : 'is-bad'}`} data-testid={`verdict-${label}`}>
      <span className="verdict__label">{t(`admin.ledger.${label}`)}</span>
      <strong>{ok ? t('admin.ledger.yes') : t('admin.ledger.no')}</strong>
    </div>
  );
}

/** Whether the ledger balances and every cached figure matches it, with totals. */
export function LedgerReportSection() {
  const { t } = useTranslation();
  const report = useLedgerReport({ query: { refetchOnMount: 'always' } });
  const data = report.data;

  const counts = data
    ? ([
        ['transactions', data.transactions],
        ['postings', data.postings],
        ['unbalancedTransactions', data.unbalanced_transactions],
        ['mismatchedAccounts', data.mismatched_accounts],
        ['mismatchedEarnings', data.mismatched_earnings],
        ['negativeMemberAccounts', data.negative_member_accounts],
      ] as const)
    : [];

  return (
    <RefreshableSection id="ledger-title" title={t('admin.ledger.title')} report={report}>
      {data ? (
        <>
          <div className="verdicts">
            <Verdict ok={data.balanced} label="balanced" />
            <Verdict ok={data.consistent} label="consistent" />
          </div>
          <FullAudit data={data.last_full_audit} />
          <dl className="summary-list">
            {counts.map(([key, value]) => (
              <div key={key}>
                <dt>{t(`admin.ledger.${key}`)}</dt>
                <dd
                  className={
                    key !== 'transactions' && key !== 'postings' && value > 0 ? 'is-bad' : ''
                  }
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div
            className="table-scroll"
            role="region"
            aria-label={t('common.table', { name: t('admin.ledger.totals') })}
            tabIndex={0}
          >
            <table className="data-table">
              <caption className="visually-hidden">{t('admin.ledger.totals')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.ledger.kind')}</th>
                  <th scope="col">{t('admin.ledger.owner')}</th>
                  <th scope="col">{t('admin.ledger.currency')}</th>
                  <th scope="col" className="num">
                    {t('admin.ledger.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.totals.map((row) => (
                  <tr key={`${row.owner}-${row.kind}-${row.currency}`}>
                    <td>{accountLabel(t, row.kind)}</td>
                    <td>{t(`admin.ledger.owners.${row.owner}`)}</td>
                    <td>{currencyLabel(t, row.currency)}</td>
                    <td className="num">{formatUsdt(row.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Solvency data={data.solvency} />
        </>
      ) : null}
    </RefreshableSection>
  );
}

/**
 * The report above checks only what came after the last checkpoint; the
 * worker re-checks the whole ledger on a schedule, and this is its verdict.
 */
function FullAudit({ data }: { data: ApiLedgerReport['last_full_audit'] }) {
  const { t, i18n } = useTranslation();
  if (!data) {
    return (
      <p className="form__note" data-testid="last-full-audit">
        {t('admin.ledger.fullAuditNone')}
      </p>
    );
  }
  const sound = data.balanced && data.consistent;
  const verdict = [
    t(data.balanced ? 'admin.ledger.fullAuditBalanced' : 'admin.ledger.fullAuditUnbalanced'),
    t(data.consistent ? 'admin.ledger.fullAuditConsistent' : 'admin.ledger.fullAuditInconsistent'),
  ].join(', ');
  return (
    <p className={sound ? 'form__note' : 'form__error'} data-testid="last-full-audit">
      {t('admin.ledger.fullAudit', {
        at: formatDateTime(data.finished_at, i18n.language),
        verdict,
      })}
    </p>
  );
}

/** Member liabilities against what the service holds on chain. */
function Solvency({ data }: { data: ApiLedgerReport['solvency'] }) {
  const { t } = useTranslation();
  const usdt = (value: number | null) => (value === null ? '—' : formatUsdt(value));
  const rows = [
    ['memberMoney', usdt(data.member_money)],
    ['pendingWithdrawals', usdt(data.pending_withdrawals)],
    ['liabilities', usdt(data.liabilities)],
    ['hotWalletUsdt', usdt(data.hot_wallet_usdt)],
    ...(data.cold_wallet_address
      ? ([['coldWalletUsdt', usdt(data.cold_wallet_usdt)]] as const)
      : []),
    ['unsweptDeposits', usdt(data.unswept_deposits)],
    ['assets', usdt(data.assets)],
    ['hotWalletTrx', data.hot_wallet_trx === null ? '—' : String(data.hot_wallet_trx)],
    ['hotWalletEnergy', data.hot_wallet_energy === null ? '—' : String(data.hot_wallet_energy)],
    ['scannerLag', data.scanner_lag_blocks === null ? '—' : String(data.scanner_lag_blocks)],
    [
      'waitingRefill',
      t('admin.solvency.waitingRefillFigure', {
        count: data.waiting_refill_count,
        amount: formatUsdt(data.waiting_refill_usdt),
      }),
    ],
  ] as const;
  const covered = data.surplus !== null && data.surplus >= 0;
  return (
    <div className="solvency" data-testid="solvency">
      <h3 className="section-title">{t('admin.solvency.title')}</h3>
      <div className={`verdict ${covered ? 'is-ok' : 'is-bad'}`} data-testid="verdict-covered">
        <span className="verdict__label">{t('admin.solvency.covered')}</span>
        <strong>
          {data.surplus === null
            ? t('admin.solvency.unknown')
            : `${covered ? t('admin.ledger.yes') : t('admin.ledger.no')} (${formatUsdt(data.surplus)})`}
        </strong>
      </div>
      <dl className="summary-list">
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`admin.solvency.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {data.hot_wallet_address ? (
        <p className="form__note">
          {t('admin.solvency.hotWallet')}: <code>{data.hot_wallet_address}</code>
        </p>
      ) : null}
      {data.chain_error ? (
        <p className="form__error" role="alert">
          {t('admin.solvency.chainError', { error: data.chain_error })}
        </p>
      ) : null}
    </div>
  );
}
