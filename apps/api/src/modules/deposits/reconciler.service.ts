import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { MemberEventsService } from '../../infra/events/member-events.service';
import { TronClient } from '../../infra/tron/tron.client';
import { SCAN_CURSOR } from './deposit-scanner.service';
import { type AcceptedDifference, DepositsRepository } from './deposits.repository';

/** Where the rolling full pass stopped (a member id), in chain_cursors. */
export const RECONCILE_CURSOR = 'reconcile-addresses';
/** Addresses with activity looked at per run at most (the rest wait for the next run). */
const ACTIVE_PER_RUN = 500;
/** An outflow this old (chain time) and still not recorded as a sweep is a gap. */
const UNRECORDED_OUTFLOW_MS = 10 * 60_000;
const NOTHING_ACCEPTED: AcceptedDifference = { inflow: 0n, outflow: 0n };

export interface ReconcileOutcome {
  checked: number;
  opened: number;
  closed: number;
}

/**
 * The independent reconciler (issue 43): for each deposit address it sums
 * the USDT the node's TRC-20 history says reached and left it, and holds
 * that against the books (credited deposits, recorded sweeps). It reads no
 * row of the scanner's as truth: the scanner's only part is to name the
 * addresses that saw activity (deposit_activity) so a run asks the node
 * about those, plus DEPOSIT_RECONCILE_ADDRESSES more of a rolling pass over
 * every deposit address. A difference opens an item for operators
 * (deposit_gaps, GET /admin/deposits/gaps); an item whose figures agree
 * again is closed.
 *
 * Only blocks the scanner went past count on the credited side (the chain's
 * transfers up to the scanner's block's time, the credits of blocks up to
 * it), so a deposit the scanner has not reached yet is not a gap; an
 * outflow is a gap once it is 10 minutes old and recorded as no sweep, and
 * a sweep recorded with no outflow is one at once (sweeps are recorded from
 * solidified receipts).
 *
 * An operator who resolves an item (POST /admin/deposits/gaps/{id}/resolve)
 * accepts its differences for that address: the books settled them another
 * way (an adjustment, a refund by hand). Later runs count them as booked, so
 * the item does not open again, and any further difference opens a new one.
 */
@Injectable()
export class ReconcilerService {
  private readonly logger = new Logger(ReconcilerService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: DepositsRepository,
    private readonly tron: TronClient,
    private readonly events: MemberEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(): Promise<ReconcileOutcome> {
    const outcome: ReconcileOutcome = { checked: 0, opened: 0, closed: 0 };
    const upTo = await this.repository.cursor(SCAN_CURSOR);
    if (upTo === null) return outcome;
    const upToTime = await this.tron.solidBlockTime(upTo);
    if (upToTime === null) return outcome;

    const active = await this.repository.activeAddresses(upTo, ACTIVE_PER_RUN);
    const perRun = this.config.DEPOSIT_RECONCILE_ADDRESSES;
    const after = (await this.repository.cursor(RECONCILE_CURSOR)) ?? 0;
    const rolling = perRun > 0 ? await this.repository.addressesAfter(after, perRun) : [];
    const addresses = new Map<string, number>();
    for (const a of [...active, ...rolling]) addresses.set(a.address, a.user_id);

    const booked = await this.repository.booked([...new Set(addresses.values())], upTo);
    const accepted = await this.repository.acceptedDifferences([...addresses.keys()]);
    const agreeing: string[] = [];
    for (const [address, userId] of addresses) {
      const history = await this.tron.usdtHistory(address);
      let chainIn = 0n;
      let chainOut = 0n;
      let oldOut = 0n;
      for (const t of history) {
        if (t.to === address && t.from !== address && t.timestamp <= upToTime) chainIn += t.amount;
        if (t.from === address && t.to !== address) {
          chainOut += t.amount;
          if (t.timestamp <= upToTime - UNRECORDED_OUTFLOW_MS) oldOut += t.amount;
        }
      }
      const books = booked.get(userId) ?? { credited: 0n, swept: 0n };
      const settled = accepted.get(address) ?? NOTHING_ACCEPTED;
      const credited = books.credited + settled.inflow;
      const swept = books.swept + settled.outflow;
      outcome.checked++;
      const gap = chainIn !== credited || swept > chainOut || oldOut > swept;
      if (!gap) {
        agreeing.push(address);
        continue;
      }
      const fresh = await this.repository.openGap({
        userId,
        address,
        chainIn,
        credited: books.credited,
        chainOut,
        swept: books.swept,
        asOfBlock: upTo,
      });
      if (fresh) {
        outcome.opened++;
        this.events.publishQueue('deposit_gaps', fresh);
        this.logger.warn(
          `deposit address ${address} (member ${userId}): chain in ${chainIn}, credited ${books.credited}, ` +
            `chain out ${chainOut}, swept ${books.swept} (micro-USDT, as of block ${upTo})`,
        );
      }
    }
    const closed = await this.repository.closeGaps(agreeing);
    for (const id of closed) this.events.publishQueue('deposit_gaps', id);
    outcome.closed = closed.length;
    await this.repository.forgetActivity(active);
    if (perRun > 0) {
      // Round and round: after the last member, the pass starts again at the first.
      const next = rolling.length < perRun ? 0 : rolling[rolling.length - 1].user_id;
      await this.repository.startCursor(RECONCILE_CURSOR, 0);
      await this.dataSource.transaction((db) =>
        this.repository.moveCursor(db, RECONCILE_CURSOR, next),
      );
    }
    return outcome;
  }
}
