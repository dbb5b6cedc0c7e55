import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CostReceipt, TronCostsRepository } from './tron-costs.repository';

export type { CostReceipt } from './tron-costs.repository';

/** What chain transactions cost in TRX, for the deposits' sweeps and the withdrawals. */
@Injectable()
export class TronCostsService {
  constructor(private readonly repository: TronCostsRepository) {}

  /**
   * Records what one chain transaction of a sweep or a withdrawal cost, from
   * its receipt, in the caller's transaction; a second record of the same
   * transaction changes nothing.
   */
  record(
    db: EntityManager,
    kind: 'sweep' | 'withdrawal',
    refId: number | string,
    raw: CostReceipt,
  ): Promise<void> {
    return this.repository.record(db, kind, refId, raw);
  }

  /** TRX burnt per UTC day of the last `days` days, newest first, and by sweeps in that time. */
  byDay(days: number) {
    return this.repository.byDay(days);
  }
}
