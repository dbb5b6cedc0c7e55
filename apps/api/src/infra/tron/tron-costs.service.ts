import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EnergyService } from './energy.service';
import { CostPrices, CostReceipt, TronCostsRepository } from './tron-costs.repository';

export type { CostPrices, CostReceipt, TransferCostRow } from './tron-costs.repository';

/** What chain transactions cost in TRX, for the deposits' sweeps and the withdrawals. */
@Injectable()
export class TronCostsService {
  constructor(
    private readonly repository: TronCostsRepository,
    private readonly energy: EnergyService,
  ) {}

  /**
   * The chain's energy and bandwidth prices now, read before a cost is
   * recorded (outside its transaction: a node call never holds a lock); a
   * node that does not answer leaves them unknown, and the cost is still kept.
   */
  async prices(): Promise<CostPrices> {
    try {
      const prices = await this.energy.chainPrices();
      return {
        energySun: prices.energyFeeSun > 0 ? prices.energyFeeSun : null,
        bandwidthSun: prices.transactionFeeSun > 0 ? prices.transactionFeeSun : null,
      };
    } catch {
      return { energySun: null, bandwidthSun: null };
    }
  }

  /**
   * Records what one chain transaction of a sweep or a withdrawal cost, from
   * its receipt, in the caller's transaction; `paidFor` names the sweep
   * transfer a funding transaction paid for. A second record of the same
   * transaction changes nothing.
   */
  record(
    db: EntityManager,
    kind: 'sweep' | 'withdrawal',
    refId: number | string,
    raw: CostReceipt,
    prices: CostPrices,
    paidFor: string | null = null,
  ): Promise<void> {
    return this.repository.record(db, kind, refId, raw, prices, paidFor);
  }

  /** The TRX and the hot wallet's own energy the last 24 hours of withdrawals took. */
  withdrawalsLastDay() {
    return this.repository.withdrawalsLastDay();
  }

  /** TRX burnt per UTC day of the last `days` days, newest first, and by sweeps in that time. */
  byDay(days: number) {
    return this.repository.byDay(days);
  }

  /** A page of sweeps and withdrawals, newest first, each with everything it cost. */
  transfers(filter: { kind?: 'sweep' | 'withdrawal'; before?: number; limit: number }) {
    return this.repository.transfers(filter);
  }

  /** What each of these withdrawals cost on chain, by withdrawal id. */
  ofWithdrawals(ids: string[]) {
    return this.repository.ofWithdrawals(ids);
  }
}
