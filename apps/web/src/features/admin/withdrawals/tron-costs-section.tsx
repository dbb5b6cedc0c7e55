import { useTranslation } from 'react-i18next';
import { useTronCostsReport } from './api';
import { RefreshableSection } from '../shared/refreshable-section';
import { formatNumber } from '../../../lib/format-date';
import { TronTransfers } from './tron-transfers';

/**
 * What TRON costs the club: TRX burnt per day and per deposit, the staking
 * account, a warning, and each sweep and withdrawal with its energy and saving.
 */
export function TronCostsSection() {
  const { t, i18n } = useTranslation();
  // TRX and energy in the reader's way of writing numbers (lib/format-date.ts).
  const trx = (value: number) => formatNumber(value, i18n.language, { maximumFractionDigits: 2 });
  const report = useTronCostsReport({ query: { refetchOnMount: 'always' } });
  const data = report.data;
  const unpayable = data && (data.withdrawals_payable === false || data.sweeps_lendable === false);
  return (
    <RefreshableSection id="tron-costs-title" title={t('admin.tronCosts.title')} report={report}>
      {data ? (
        <>
          {unpayable ? (
            <p className="verdict is-bad" data-testid="tron-costs-warning">
              {data.withdrawals_payable === false
                ? t('admin.tronCosts.withdrawalsUnpayable')
                : t('admin.tronCosts.sweepsUnlendable')}
            </p>
          ) : null}
          <dl className="summary-list">
            <div>
              <dt>{t('admin.tronCosts.perDeposit')}</dt>
              <dd>
                {data.per_member_deposit_trx === null ? '—' : trx(data.per_member_deposit_trx)}
              </dd>
            </div>
            <div>
              <dt>{t('admin.tronCosts.stakingEnergy')}</dt>
              <dd>
                {data.energy_account
                  ? `${data.energy_account.energy == null ? '—' : formatNumber(data.energy_account.energy, i18n.language)} (${t(
                      'admin.tronCosts.lendable',
                      { trx: trx(data.energy_account.lendable_trx ?? 0) },
                    )})`
                  : t('admin.tronCosts.noStaking')}
              </dd>
            </div>
          </dl>
          <h3 className="section-title">{t('admin.tronCosts.perDay')}</h3>
          <dl className="summary-list" data-testid="tron-costs-days">
            {data.days.map((d) => (
              <div key={d.day}>
                <dt>{d.day}</dt>
                <dd>
                  {t('admin.tronCosts.dayLine', {
                    sweeps: trx(d.sweeps_trx),
                    withdrawals: trx(d.withdrawals_trx),
                  })}
                </dd>
              </div>
            ))}
          </dl>
          <TronTransfers />
        </>
      ) : null}
    </RefreshableSection>
  );
}
