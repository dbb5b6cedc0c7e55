import { receiptCostSun } from '@app/domain';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** A receipt's cost fields (gettransactioninfobyid), as java-tron prints them. */
export interface CostReceipt {
  id?: string;
  fee?: number;
  blockTimeStamp?: number;
  receipt?: {
    energy_fee?: number;
    net_fee?: number;
    net_usage?: number;
    energy_usage_total?: number;
  };
}

/** The chain's prices when a cost is recorded (null when the node did not say). */
export interface CostPrices {
  energySun: number | null;
  bandwidthSun: number | null;
}

/** What one sweep or withdrawal transaction cost, with what paid for it (sums over its rows). */
export interface TransferCostRow {
  id: string;
  kind: 'sweep' | 'withdrawal';
  ref_id: string;
  tx_id: string;
  at: Date;
  transactions: number;
  fee_sun: string;
  energy_fee_sun: string;
  energy_used: string;
  bandwidth_used: string;
  /** Sun that burning TRX for all the energy would have cost; null when a price is unknown. */
  burn_equivalent_sun: string | null;
}

/** Sums of cost rows, as one figure (see TransferCostRow). */
const COST_SUMS = `count(*)::int AS transactions,
  sum(fee_sun)::text AS fee_sun, sum(energy_fee_sun)::text AS energy_fee_sun,
  sum(energy_used)::text AS energy_used, sum(bandwidth_used)::text AS bandwidth_used,
  CASE WHEN bool_and(energy_used = 0 OR energy_price_sun IS NOT NULL)
       THEN sum(energy_used * coalesce(energy_price_sun, 0))::text END AS burn_equivalent_sun`;

/** Bytes of bandwidth a receipt took: its own or free bandwidth, else what it burnt TRX for. */
function bandwidthOf(raw: CostReceipt, prices: CostPrices): number {
  const used = raw.receipt?.net_usage ?? 0;
  if (used > 0) return used;
  const burnt = raw.receipt?.net_fee ?? 0;
  return burnt > 0 && prices.bandwidthSun ? Math.round(burnt / prices.bandwidthSun) : 0;
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
    prices: CostPrices,
    paidFor: string | null = null,
  ): Promise<void> {
    if (!raw.id) return;
    await db.query(
      `INSERT INTO tron_costs
       (tx_id, kind, ref_id, fee_sun, energy_fee_sun, net_fee_sun, energy_used, block_time,
        bandwidth_used, energy_price_sun, paid_for)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
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
        bandwidthOf(raw, prices),
        prices.energySun,
        paidFor,
      ],
    );
  }

  /**
   * A page of transfers, newest first: each sweep or withdrawal transaction
   * with the transactions that paid for it added in (a sweep's top-up, lend
   * and return). Paged by the transfer's row id (`before`).
   */
  transfers(filter: {
    kind?: 'sweep' | 'withdrawal';
    before?: number;
    limit: number;
  }): Promise<TransferCostRow[]> {
    return this.dataSource.query(
      `SELECT h.id::text, h.kind, h.ref_id::text, h.tx_id, coalesce(h.block_time, h.created_at) AS at, c.*
       FROM (
         SELECT * FROM tron_costs
         WHERE paid_for IS NULL AND ($1::text IS NULL OR kind = $1::text)
           AND id < COALESCE($2::bigint, 9223372036854775807)
         ORDER BY id DESC LIMIT $3
       ) h
       CROSS JOIN LATERAL (
         SELECT ${COST_SUMS} FROM tron_costs WHERE tx_id = h.tx_id OR paid_for = h.tx_id
       ) c
       ORDER BY h.id DESC`,
      [filter.kind ?? null, filter.before ?? null, filter.limit],
    );
  }

  /** What each of these withdrawals cost on chain, every attempt included, by withdrawal id. */
  async ofWithdrawals(
    ids: string[],
  ): Promise<Map<string, Omit<TransferCostRow, 'id' | 'kind' | 'tx_id'>>> {
    if (ids.length === 0) return new Map();
    const rows: Omit<TransferCostRow, 'id' | 'kind' | 'tx_id'>[] = await this.dataSource.query(
      `SELECT ref_id::text, max(coalesce(block_time, created_at)) AS at, ${COST_SUMS}
       FROM tron_costs WHERE kind = 'withdrawal' AND ref_id = ANY($1::bigint[])
       GROUP BY ref_id`,
      [ids],
    );
    return new Map(rows.map((row) => [row.ref_id, row]));
  }

  /**
   * What the withdrawals of the last 24 hours cost the hot wallet: the TRX
   * they burnt (sun), and the energy they took from its own (staked or
   * delegated) energy rather than burning TRX for it. A row that burnt TRX
   * for energy at an unknown price counts as having burnt it all.
   */
  async withdrawalsLastDay(): Promise<{ feeSun: bigint; ownEnergy: bigint; transactions: number }> {
    const [row]: { fee_sun: string; own_energy: string; n: number }[] = await this.dataSource.query(
      `SELECT coalesce(sum(fee_sun), 0)::text AS fee_sun,
         coalesce(sum(CASE WHEN energy_fee_sun = 0 THEN energy_used
                           WHEN energy_price_sun > 0
                             THEN greatest(energy_used - energy_fee_sun / energy_price_sun, 0)
                           ELSE 0 END), 0)::text AS own_energy,
         count(*)::int AS n
       FROM tron_costs WHERE kind = 'withdrawal' AND created_at > now() - interval '24 hours'`,
    );
    return { feeSun: BigInt(row.fee_sun), ownEnergy: BigInt(row.own_energy), transactions: row.n };
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
