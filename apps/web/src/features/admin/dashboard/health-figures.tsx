import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { HealthFiguresView } from '@app/contracts';
import { useGetHealthFigures } from './api';

/**
 * Where each figure needs attention: the thresholds of the alerts in
 * ops/prometheus/rules/app-alerts.yml (DepositScannerLagging,
 * HotWalletTrxBelowADay / HotWalletEnergyBelowADay, MailOutboxStuck, ProofStale).
 */
const LIMITS = {
  scannerLagSeconds: 60,
  hotWalletDays: 1,
  outboxSeconds: 300,
  proofSeconds: 26 * 3600,
};
/** The console asks again this often: the figures are ages that grow. */
const REFRESH_MS = 30_000;

/** An age in the largest unit that keeps it readable: 45 s, 12 min, 5 h, 2 d. */
export function formatAge(t: TFunction, seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 120) return t('admin.dashboard.figures.seconds', { count: s });
  if (s < 2 * 3600) return t('admin.dashboard.figures.minutes', { count: Math.floor(s / 60) });
  if (s < 2 * 86400) return t('admin.dashboard.figures.hours', { count: Math.floor(s / 3600) });
  return t('admin.dashboard.figures.days', { count: Math.floor(s / 86400) });
}

interface Figure {
  key: string;
  label: string;
  value: string;
  attention: boolean;
}

function figuresOf(t: TFunction, f: HealthFiguresView): Figure[] {
  const unknown = t('admin.dashboard.figures.unknown');
  return [
    {
      key: 'scanner',
      label: t('admin.dashboard.figures.scannerLag'),
      value:
        f.scanner_lag_seconds === null
          ? t('admin.dashboard.figures.scannerOff')
          : formatAge(t, f.scanner_lag_seconds),
      attention: f.scanner_lag_seconds !== null && f.scanner_lag_seconds > LIMITS.scannerLagSeconds,
    },
    {
      key: 'hot-wallet',
      label: t('admin.dashboard.figures.hotWalletDays'),
      value:
        f.hot_wallet_days_left === null
          ? t('admin.dashboard.figures.noWithdrawalCosts')
          : t('admin.dashboard.figures.daysLeft', { days: f.hot_wallet_days_left.toFixed(1) }),
      attention: f.hot_wallet_days_left !== null && f.hot_wallet_days_left < LIMITS.hotWalletDays,
    },
    {
      key: 'outbox',
      label: t('admin.dashboard.figures.outboxAge'),
      value:
        f.mail_outbox_oldest_seconds === null
          ? unknown
          : f.mail_outbox_oldest_seconds === 0
            ? t('admin.dashboard.figures.outboxEmpty')
            : formatAge(t, f.mail_outbox_oldest_seconds),
      attention:
        f.mail_outbox_oldest_seconds !== null &&
        f.mail_outbox_oldest_seconds > LIMITS.outboxSeconds,
    },
    {
      key: 'proof',
      label: t('admin.dashboard.figures.lastProof'),
      value:
        f.last_proof_age_seconds === null
          ? t('admin.dashboard.figures.noProof')
          : t('admin.dashboard.figures.ago', { age: formatAge(t, f.last_proof_age_seconds) }),
      attention:
        f.last_proof_age_seconds !== null && f.last_proof_age_seconds > LIMITS.proofSeconds,
    },
  ];
}

/** The console home's health figures: the same the alerts watch (GET /admin/dashboard/health). */
export function HealthFigures() {
  const { t } = useTranslation();
  const query = useGetHealthFigures({
    query: { refetchOnMount: 'always', refetchInterval: REFRESH_MS },
  });
  const data = query.data;
  return (
    <section aria-labelledby="health-figures-title" data-testid="health-figures">
      <h3 id="health-figures-title" className="section-title">
        {t('admin.dashboard.figures.title')}
      </h3>
      {query.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {query.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {data ? (
        <dl className="summary-list">
          {figuresOf(t, data).map((figure) => (
            <div key={figure.key} data-testid={`health-${figure.key}`}>
              <dt>{figure.label}</dt>
              <dd className={figure.attention ? 'form__error' : undefined}>
                {figure.value}
                {figure.attention ? ` · ${t('admin.dashboard.figures.attention')}` : ''}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
