import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { tronAddressFromHex } from '@app/domain';
import { RawReceipt, readReceipt, transferRecipients } from '../../infra/tron/trc20';
import { TronClient, TrxTransfer } from '../../infra/tron/tron.client';
import { DepositsRepository } from './deposits.repository';
import { HeldLog } from './deposits.repository';
import { ChainTransaction, DepositsService } from './deposits.service';

export const SCAN_CURSOR = 'tron';
/**
 * Blocks fetched from the node at once, and applied in one database
 * transaction, while scanning a backlog; the next group is fetched while one
 * is applied. Each block is cut down to what pays member addresses as soon as
 * it arrives, so at most twice this many blocks' raw answers are held.
 */
const FETCH_AHEAD = 8;
/**
 * How often at most a caught-up scanner records so (chain_cursors.caught_up_at):
 * a write every few seconds rather than every tick; the lag /metrics exports
 * reads up to this much above the truth.
 */
const CAUGHT_UP_MARK_MS = 5000;

interface FetchedBlock {
  number: number;
  /** Only the transactions paying a member address (a block's strangers are left at the fetch). */
  transactions: ChainTransaction[];
  /** Only the TRX transfers to member addresses. */
  trx: TrxTransfer[];
  /** Logs no second node confirmed: held, not credited. */
  held: HeldLog[];
  /** Transactions a second node confirmed (held before, perhaps). */
  checked: string[];
}

/**
 * Follows the solidified chain (worker only). For each block past the cursor
 * it reads every receipt, keeps the successful ones' Transfer logs, and
 * credits those paid to member addresses; the credits and the cursor move in
 * one database transaction (a group of blocks' when catching up), so a crash
 * replays those blocks at worst, and a replay credits nothing twice. When no
 * cursor exists it starts at the current safe height: history before the
 * service existed is claimed by tx id. Its tick is declared in deposits.jobs.ts.
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
    const group = (from: number) =>
      from > last
        ? null
        : this.fetchGroup(
            Array.from({ length: Math.min(FETCH_AHEAD, last - from + 1) }, (_, i) => from + i),
          );
    let scanned = 0;
    let next = group(cursor + 1);
    while (next && !stopping?.aborted) {
      const blocks = await next;
      // The next group comes from the node while this one is written; a failure
      // there surfaces when it is awaited (or never, when the scan stops first).
      next = group(blocks[blocks.length - 1].number + 1);
      next?.catch(() => undefined);
      const held = await this.apply(blocks);
      if (held === false) return scanned;
      this.deposits.announceHeld(held);
      scanned += blocks.length;
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

  private fetchGroup(numbers: number[]): Promise<FetchedBlock[]> {
    return Promise.all(numbers.map((n) => this.fetch(n)));
  }

  private async fetch(number: number): Promise<FetchedBlock> {
    // Receipts and transfers from one node that has the block (never a lagging node's "none").
    const block = await this.tron.solidBlock(number);
    const { receipts, trx } = await this.paidToMembers(block.receipts, block.trx);
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
    const opinion = await this.deposits.secondOpinion(transactions, block.node);
    return {
      number,
      transactions: opinion.credit,
      trx,
      held: opinion.held,
      checked: opinion.checked,
    };
  }

  /**
   * The receipts with a Transfer log to a member address and the TRX
   * transfers to one, by one query for the block's recipients: a mainnet
   * block is hundreds of strangers' transfers, and only the recipient of each
   * is decoded to be matched; the rest of a log is read only when it is ours.
   */
  private async paidToMembers(
    receipts: RawReceipt[],
    trx: TrxTransfer[],
  ): Promise<{ receipts: RawReceipt[]; trx: TrxTransfer[] }> {
    const recipientsOf = receipts.map((raw) => transferRecipients(raw));
    const addressOf = new Map<string, string>();
    for (const hex of recipientsOf.flat())
      if (!addressOf.has(hex)) addressOf.set(hex, tronAddressFromHex(hex) ?? '');
    const owned = await this.repository.owners(this.dataSource, [
      ...new Set([...addressOf.values(), ...trx.map((t) => t.to)].filter(Boolean)),
    ]);
    if (owned.size === 0) return { receipts: [], trx: [] };
    return {
      receipts: receipts.filter((_, i) =>
        recipientsOf[i].some((hex) => owned.has(addressOf.get(hex)!)),
      ),
      trx: trx.filter((t) => owned.has(t.to)),
    };
  }

  /**
   * A group of consecutive blocks in one database transaction; false when
   * another scanner got there first, else the ids of logs held for the first
   * time.
   */
  private apply(blocks: FetchedBlock[]): Promise<string[] | false> {
    return this.dataSource.transaction(async (db) => {
      const cursor = await this.repository.cursor(SCAN_CURSOR, db, true);
      if (cursor !== blocks[0].number - 1) return false;
      await this.deposits.creditTransactions(
        db,
        blocks.flatMap((b) => b.transactions),
        'scan',
      );
      await this.deposits.releaseHeld(
        db,
        blocks.flatMap((b) => b.checked),
      );
      const held = await this.deposits.hold(
        db,
        blocks.flatMap((b) => b.held),
      );
      const trx = blocks.flatMap((b) => b.trx.map((t) => ({ ...t, blockNumber: b.number })));
      if (trx.length > 0) {
        const owners = await this.repository.owners(
          db,
          trx.map((t) => t.to),
        );
        await this.repository.addForeign(
          db,
          trx.flatMap((t) => {
            const userId = owners.get(t.to);
            return userId === undefined
              ? []
              : [
                  {
                    txId: t.txId,
                    logIndex: -1,
                    userId,
                    asset: 'TRX',
                    from: tronAddressFromHex(t.fromHex) ?? t.fromHex,
                    amount: t.amountSun,
                    blockNumber: t.blockNumber,
                  },
                ];
          }),
        );
      }
      await this.repository.moveCursor(db, SCAN_CURSOR, blocks[blocks.length - 1].number);
      return held;
    });
  }
}
