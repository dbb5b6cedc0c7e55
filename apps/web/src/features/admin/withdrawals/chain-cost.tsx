import { useTranslation } from 'react-i18next';
import type { ChainCost } from '@app/contracts';
import { formatNumber } from '../../../lib/format-date';

/**
 * What a sweep or a withdrawal cost on chain: TRX burnt, the energy and
 * bandwidth it used, and what burning TRX for that energy would have cost
 * (the saving of the hot wallet's own or lent energy).
 */
export function ChainCostLines({ cost }: { cost: ChainCost }) {
  const { t, i18n } = useTranslation();
  const trx = (value: number) => formatNumber(value, i18n.language, { maximumFractionDigits: 6 });
  const count = (value: number) => formatNumber(value, i18n.language);
  return (
    <dl className="summary-list" data-testid="chain-cost">
      <div>
        <dt>{t('admin.chainCost.burnt')}</dt>
        <dd>
          {trx(cost.trx_burnt)} TRX
          {cost.energy_burnt_trx > 0
            ? ` (${t('admin.chainCost.forEnergy', { trx: trx(cost.energy_burnt_trx) })})`
            : ''}
        </dd>
      </div>
      <div>
        <dt>{t('admin.chainCost.energy')}</dt>
        <dd>{count(cost.energy_used)}</dd>
      </div>
      <div>
        <dt>{t('admin.chainCost.bandwidth')}</dt>
        <dd>{count(cost.bandwidth_used)}</dd>
      </div>
      <div>
        <dt>{t('admin.chainCost.burnEquivalent')}</dt>
        <dd>
          {cost.burn_equivalent_trx === null
            ? t('admin.chainCost.priceUnknown')
            : `${trx(cost.burn_equivalent_trx)} TRX`}
        </dd>
      </div>
      <div>
        <dt>{t('admin.chainCost.saved')}</dt>
        <dd>{cost.saved_trx === null ? '—' : `${trx(cost.saved_trx)} TRX`}</dd>
      </div>
      {cost.transactions > 1 ? (
        <div>
          <dt>{t('admin.chainCost.transactions')}</dt>
          <dd>{cost.transactions}</dd>
        </div>
      ) : null}
    </dl>
  );
}
