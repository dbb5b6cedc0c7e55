import type { TransferCostRow } from '../../infra/tron/tron-costs.service';
import type { ChainCost, TronCostTransfer } from './tron-costs.dto';

const SUN = 1_000_000;
const trx = (sun: string | number) => Number(sun) / SUN;

/** A cost's sums as operators read them: TRX, energy, bandwidth, and what energy saved. */
export function chainCost(
  row: Omit<TransferCostRow, 'id' | 'kind' | 'tx_id' | 'ref_id'>,
): ChainCost {
  const equivalent = row.burn_equivalent_sun === null ? null : Number(row.burn_equivalent_sun);
  return {
    transactions: row.transactions,
    trx_burnt: trx(row.fee_sun),
    energy_burnt_trx: trx(row.energy_fee_sun),
    energy_used: Number(row.energy_used),
    bandwidth_used: Number(row.bandwidth_used),
    burn_equivalent_trx: equivalent === null ? null : trx(equivalent),
    // A price that rose between the transfer and its record cannot make burning a saving.
    saved_trx:
      equivalent === null ? null : trx(Math.max(0, equivalent - Number(row.energy_fee_sun))),
    at: new Date(row.at).toISOString(),
  };
}

/** A report row: the transfer, whose it is, and its cost. */
export function transferCost(row: TransferCostRow): TronCostTransfer {
  return {
    id: Number(row.id),
    kind: row.kind,
    withdrawal_id: row.kind === 'withdrawal' ? Number(row.ref_id) : null,
    member_id: row.kind === 'sweep' ? Number(row.ref_id) : null,
    tx_id: row.tx_id.trim(),
    ...chainCost(row),
  };
}
