import { receiptCostSun } from '@app/domain';
import { EntityManager } from 'typeorm';

/** A receipt's cost fields (gettransactioninfobyid), as java-tron prints them. */
export interface CostReceipt {
  id?: string;
  fee?: number;
  blockTimeStamp?: number;
  receipt?: { energy_fee?: number; net_fee?: number; energy_usage_total?: number };
}

/**
 * Records what one chain transaction of a sweep or a withdrawal cost in TRX,
 * from its receipt; a second record of the same transaction changes nothing.
 */
export async function recordTronCost(
  db: EntityManager,
  kind: 'sweep' | 'withdrawal',
  refId: number | string,
  raw: CostReceipt,
): Promise<void> {
  if (!raw.id) return;
  await db.query(
    `INSERT INTO tron_costs
       (tx_id, kind, ref_id, fee_sun, energy_fee_sun, net_fee_sun, energy_used, block_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (tx_id) DO NOTHING`,
    [
      raw.id,
      kind,
      refId,
      receiptCostSun(raw),
      raw.receipt?.energy_fee ?? 0,
      raw.receipt?.net_fee ?? 0,
      raw.receipt?.energy_usage_total ?? 0,
      raw.blockTimeStamp ? new Date(raw.blockTimeStamp) : null,
    ],
  );
}
