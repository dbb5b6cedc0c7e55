import { receiptCostSun } from '@app/domain';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** A receipt's cost fields (gettransactioninfobyid), as java-tron prints them. */
export interface CostReceipt {
  id?: string;
  fee?: number;
  blockTimeStamp?: number;
  receipt?: { energy_fee?: number; net_fee?: number; energy_usage_total?: number };
}

/** The only door to `tron_costs`: what each chain transaction of a sweep or a withdrawal cost. */
@Injectable()
export class TronCostsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records what one chain transaction of a sweep or a withdrawal cost in TRX,
   * from its receipt; a second record of the same transaction changes nothing.
   */
  async record(
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

  /** TRX burnt per UTC day of the last `days` days, newest first, and by sweeps in that time. */
  async byDay(days: number) {
    const db = this.dataSource;
    const [rows, sweeps] = await Promise.all([
      db.query(
        `SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
         coalesce(sum(fee_sun) FILTER (WHERE kind = 'sweep'), 0)::bigint AS sweeps,
         coalesce(sum(fee_sun) FILTER (WHERE kind = 'withdrawal'), 0)::bigint AS withdrawals,
         count(*)::int AS n
       FROM tron_costs WHERE created_at > now() - make_interval(days => $1)
       GROUP BY 1 ORDER BY 1 DESC`,
        [days],
      ) as Promise<{ day: string; sweeps: string; withdrawals: string; n: number }[]>,
      db.query(
        `SELECT coalesce(sum(fee_sun), 0)::bigint AS sun FROM tron_costs
       WHERE kind = 'sweep' AND created_at > now() - make_interval(days => $1)`,
        [days],
      ) as Promise<{ sun: string }[]>,
    ]);
    return {
      days: rows.map((d) => ({
        day: d.day,
        sweepsSun: BigInt(d.sweeps),
        withdrawalsSun: BigInt(d.withdrawals),
        transactions: d.n,
      })),
      sweepsSun: BigInt(sweeps[0].sun),
    };
  }
}
