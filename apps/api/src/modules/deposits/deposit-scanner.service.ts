import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { readReceipt } from '../../infra/tron/trc20';
import { TronClient } from '../../infra/tron/tron.client';
import { DepositsRepository } from './deposits.repository';
import { HeldLog } from './deposits.repository';
import { ChainTransaction, DepositsService } from './deposits.service';

export const SCAN_CURSOR = 'tron';
/** Blocks fetched from the node at once while scanning a backlog. */
const FETCH_AHEAD = 8;
/**
 * How often at most a caught-up scanner records so (chain_cursors.caught_up_at):
 * a write every few seconds rather than every tick; the lag /metrics exports
 * reads up to this much above the truth.
 */
const CAUGHT_UP_MARK_MS = 5000;

interface FetchedBlock {
  number: number;
  transactions: ChainTransaction[];
  trx: { txId: string; from: string; to: string; amountSun: bigint }[];
  /** Logs no second node confirmed: held, not credited. */
  held: HeldLog[];
  /** Transactions a second node confirmed (held before, perhaps). */
  checked: string[];
}

/**
 * Follows the solidified chain (worker only). For each block past the cursor
 * it reads every receipt, keeps the successful ones' Transfer logs, and
 * credits those paid to member addresses; the credits and the cursor move in
 * one database transaction, so a crash replays a block at worst, and a
 * replay credits nothing twice. When no cursor exists it starts at the
 * current safe height: history before the service existed is claimed by tx id.
 * Its tick is declared in deposits.jobs.ts.
 */
@Injectable()
export class DepositScannerService {
  private lastRecheck = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deposits: DepositsService,
    private readonly repository: DepositsRepository,
    private readonly tron: TronClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Scans up to TRON_SCAN_BATCH_BLOCKS blocks, fewer when `stopping` is aborted; returns how many. */
  async scan(stopping?: AbortSignal): Promise<number> {
    await this.deposits.backfillAddresses();
    const recheckMs = this.config.DEPOSIT_HELD_RECHECK_MS;
    if (recheckMs > 0 && Date.now() - this.lastRecheck >= recheckMs) {
      this.lastRecheck = Date.now();
      await this.deposits.recheckHeld();
    }
    const safe = await this.deposits.safeHeight();
    const cursor =
      (await this.repository.cursor(SCAN_CURSOR)) ??
      (await this.repository.startCursor(SCAN_CURSOR, safe));
    const last = Math.min(safe, cursor + this.config.TRON_SCAN_BATCH_BLOCKS);
    let scanned = 0;
    for (let from = cursor + 1; from <= last && !stopping?.aborted; from += FETCH_AHEAD) {
      const numbers = Array.from(
        { length: Math.min(FETCH_AHEAD, last - from + 1) },
        (_, i) => from + i,
      );
      const blocks = await Promise.all(numbers.map((n) => this.fetch(n)));
      for (const block of blocks) {
        const held = await this.apply(block);
        if (held === false) return scanned;
        this.deposits.announceHeld(held);
        scanned++;
      }
    }
    if (cursor + scanned >= safe) await this.markCaughtUp();
    return scanned;
  }

  private lastMark = 0;

  /** Records that the scanner reached the safe head, at most every CAUGHT_UP_MARK_MS. */
  private async markCaughtUp() {
    if (Date.now() - this.lastMark < CAUGHT_UP_MARK_MS) return;
    await this.repository.markCaughtUp(SCAN_CURSOR);
    this.lastMark = Date.now();
  }

  private async fetch(number: number): Promise<FetchedBlock> {
    // Receipts and transfers from one node that has the block (never a lagging node's "none").
    const { receipts, trx, node } = await this.tron.solidBlock(number);
    const transactions: ChainTransaction[] = [];
    for (const raw of receipts) {
      const receipt = readReceipt(raw);
      if (!receipt.succeeded || receipt.transfers.length === 0) continue;
      transactions.push({
        txId: receipt.txId,
        blockNumber: number,
        blockTime: receipt.blockTime,
        transfers: receipt.transfers,
      });
    }
    // Large deposits need a second node's word before they are credited (issue 43).
    const opinion = await this.deposits.secondOpinion(transactions, node);
    return {
      number,
      transactions: opinion.credit,
      trx,
      held: opinion.held,
      checked: opinion.checked,
    };
  }

  /**
   * One block in one database transaction; false when another scanner got
   * there first, else the ids of logs held for the first time.
   */
  private apply(block: FetchedBlock): Promise<string[] | false> {
    return this.dataSource.transaction(async (db) => {
      const cursor = await this.repository.cursor(SCAN_CURSOR, db, true);
      if (cursor !== block.number - 1) return false;
      await this.deposits.creditTransactions(db, block.transactions, 'scan');
      await this.deposits.releaseHeld(db, block.checked);
      const held = await this.deposits.hold(db, block.held);
      if (block.trx.length > 0) {
        const owners = await this.repository.owners(
          db,
          block.trx.map((t) => t.to),
        );
        await this.repository.addForeign(
          db,
          block.trx.flatMap((t) => {
            const userId = owners.get(t.to);
            return userId === undefined
              ? []
              : [
                  {
                    txId: t.txId,
                    logIndex: -1,
                    userId,
                    asset: 'TRX',
                    from: t.from,
                    amount: t.amountSun,
                    blockNumber: block.number,
                  },
                ];
          }),
        );
      }
      await this.repository.moveCursor(db, SCAN_CURSOR, block.number);
      return held;
    });
  }
}
