import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { DataSource, EntityManager } from 'typeorm';
import { deriveTronAddress } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService } from '../ledger/ledger.service';
import { TokenTransfer, readReceipt } from '../tron/trc20';
import { TronClient } from '../tron/tron.client';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';
import { DepositsRepository } from './deposits.repository';

export const DEPOSITS_QUEUE = 'deposits';
export const ADDRESS_CURSOR = 'deposit-addresses';

/** A claim to look at again later (not solidified yet): BullMQ retries it with backoff. */
export class RetryLater extends Error {}

export type ClaimOutcome = 'credited' | 'failed' | 'already';

/** The USDT transfers of one transaction, as the scanner or a claim found them. */
export interface ChainTransaction {
  txId: string;
  blockNumber: number;
  blockTime: Date | null;
  transfers: TokenTransfer[];
}

/**
 * USDT deposits: each member's address, crediting Transfer logs paid to
 * member addresses (the one path every source goes through), and claims by
 * tx id. Whichever path sees a log first credits it; the unique key on
 * (tx id, log index) makes the others a no-op.
 */
@Injectable()
export class DepositsService {
  private readonly logger = new Logger(DepositsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly deposits: DepositsRepository,
    private readonly records: WalletService,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly tron: TronClient,
    @InjectQueue(DEPOSITS_QUEUE) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private xpub(): string {
    if (!this.config.TRON_DEPOSIT_XPUB) throw new AppError('DEPOSITS_UNAVAILABLE');
    return this.config.TRON_DEPOSIT_XPUB;
  }

  /** The member's own deposit address: child 0/id of the deposit xpub. */
  async address(userId: number): Promise<string> {
    const known = await this.deposits.addressOf(userId);
    if (known) return known;
    const address = deriveTronAddress(this.xpub(), userId);
    await this.deposits.addAddresses([{ userId, address }]);
    return address;
  }

  /** USDT credited from the chain to member addresses (all of it sits there until swept). */
  creditedTotal(): Promise<bigint> {
    return this.deposits.creditedTotal();
  }

  /** The last block the scanner finished, or null before its first look. */
  scanCursor(): Promise<number | null> {
    return this.deposits.cursor('tron');
  }

  /** Whether an address is one of ours (a member's deposit address): never a withdrawal target. */
  async isServiceAddress(address: string): Promise<boolean> {
    return (await this.deposits.owners(this.dataSource, [address])).size > 0;
  }

  /**
   * Gives every member without one an address, so a transfer to a member
   * who never opened the recharge page is still recognised. Returns how many.
   */
  async backfillAddresses(batch = 1000): Promise<number> {
    if (!this.config.TRON_DEPOSIT_XPUB) return 0;
    const after = (await this.deposits.cursor(ADDRESS_CURSOR)) ?? 0;
    const ids = await this.users.idsAfter(after, batch);
    if (ids.length === 0) return 0;
    const xpub = this.config.TRON_DEPOSIT_XPUB;
    await this.deposits.addAddresses(
      ids.map((id) => ({ userId: id, address: deriveTronAddress(xpub, id) })),
    );
    await this.dataSource.transaction(async (db) => {
      await this.deposits.startCursor(ADDRESS_CURSOR, 0);
      await this.deposits.moveCursor(db, ADDRESS_CURSOR, ids[ids.length - 1]);
    });
    return ids.length;
  }

  /**
   * Credits the USDT Transfer logs of one transaction paid to member
   * addresses, inside the caller's database transaction. Other tokens paid
   * to members are recorded for operators. Returns the members credited now.
   */
  async creditTransaction(
    db: EntityManager,
    tx: ChainTransaction,
    source: 'scan' | 'claim',
  ): Promise<number[]> {
    const owners = await this.deposits.owners(db, [...new Set(tx.transfers.map((t) => t.to))]);
    const usdt = this.config.TRON_USDT_CONTRACT;
    const perMember = new Map<number, TokenTransfer[]>();
    const foreign: Parameters<DepositsRepository['addForeign']>[1] = [];
    for (const transfer of tx.transfers) {
      const userId = owners.get(transfer.to);
      if (userId === undefined) continue;
      if (transfer.token === usdt) {
        perMember.set(userId, [...(perMember.get(userId) ?? []), transfer]);
      } else {
        foreign.push({
          txId: tx.txId,
          logIndex: transfer.logIndex,
          userId,
          asset: transfer.token,
          from: transfer.from,
          amount: transfer.amount,
          blockNumber: tx.blockNumber,
        });
      }
    }
    await this.deposits.addForeign(db, foreign);
    const credited: number[] = [];
    for (const [userId, transfers] of perMember) {
      const fresh = await this.deposits.insertLogs(db, {
        txId: tx.txId,
        userId,
        blockNumber: tx.blockNumber,
        blockTime: tx.blockTime,
        source,
        logs: transfers.filter((t) => t.amount > 0n),
      });
      if (fresh.length === 0) continue;
      const amount = fresh.reduce((sum, log) => sum + log.amount, 0n);
      const logIndexes = fresh.map((l) => l.logIndex).sort((a, b) => a - b);
      const { transactionId } = await this.ledger.post(db, {
        key: `deposit:${tx.txId}:${logIndexes.join(',')}`,
        kind: 'deposit',
        userId,
        memo: { tx_id: tx.txId, log_indexes: logIndexes, block: tx.blockNumber },
        transfers: [{ from: system('deposits'), to: member(userId, 'money'), amount }],
      });
      await this.deposits.linkLedger(db, tx.txId, logIndexes, transactionId);
      await this.records.settleDeposit(db, {
        userId,
        txId: tx.txId,
        amount,
        ledgerTransactionId: transactionId,
      });
      credited.push(userId);
    }
    return credited;
  }

  /** `POST /balance/add`: records the claim and has the worker check it now. */
  async claim(userId: number, txId: string): Promise<{ id: number; status: 'under_review' }> {
    const id = txId.toLowerCase();
    await this.address(userId);
    const recordId = await this.dataSource.transaction(async (db) => {
      if (await this.deposits.isCredited(db, id)) throw new AppError('TX_ALREADY_SUBMITTED');
      const added = await this.records.addDepositClaim(db, userId, id);
      if (!added) throw new AppError('TX_ALREADY_SUBMITTED');
      return added;
    });
    await this.enqueueClaims([recordId]).catch((error: unknown) =>
      // PostgreSQL holds the claim; the worker's sweep finds it without Redis.
      this.logger.warn(`claim ${recordId} not queued: ${(error as Error).message}`),
    );
    return { id: Number(recordId), status: 'under_review' };
  }

  enqueueClaims(recordIds: string[]) {
    return this.queue.addBulk(
      recordIds.map((recordId) => ({
        name: 'verify-claim',
        data: { recordId },
        opts: {
          jobId: `claim-${recordId}`,
          // 2 s, 4 s, ... doubling: past an hour after 12 tries.
          attempts: 14,
          backoff: { type: 'exponential', delay: 2000 },
          removeOnComplete: 1000,
          removeOnFail: true,
        },
      })),
    );
  }

  /**
   * Checks a claim against the solidified receipt through the same parser
   * and crediting path as the scanner. Not solidified yet: RetryLater, until
   * TRON_CLAIM_TIMEOUT_SECONDS, then fail.
   */
  async verifyClaim(recordId: string): Promise<ClaimOutcome> {
    const claim = await this.records.depositClaim(this.dataSource, recordId);
    if (!claim || claim.status !== 'under_review') return 'already';
    const raw = await this.tron.solidReceipt(claim.txId);
    const confirmed = raw ? raw.blockNumber! <= (await this.safeHeight()) : false;
    if (!raw || !confirmed) {
      const timeout = this.config.TRON_CLAIM_TIMEOUT_SECONDS;
      if (timeout && Date.now() - claim.createdAt.getTime() > timeout * 1000) {
        return this.fail(
          recordId,
          `not confirmed on chain within ${Math.round(timeout / 60)} minutes`,
        );
      }
      throw new RetryLater(`tx ${claim.txId} is not solidified yet`);
    }
    const receipt = readReceipt(raw);
    if (!receipt.succeeded)
      return this.fail(recordId, `the transaction failed on chain (${receipt.failure})`);
    const memberAddress = await this.address(claim.userId);
    return this.dataSource.transaction(async (db) => {
      await this.creditTransaction(
        db,
        {
          txId: claim.txId,
          blockNumber: receipt.blockNumber,
          blockTime: receipt.blockTime,
          transfers: receipt.transfers,
        },
        'claim',
      );
      // Credited now, by this claim: the claim record became the deposit.
      const after = await this.records.depositClaim(db, recordId);
      if (after?.status === 'success') return 'credited';
      const toMember = receipt.transfers.filter((t) => t.to === memberAddress);
      const reason = toMember.some((t) => t.token === this.config.TRON_USDT_CONTRACT)
        ? 'already credited by automatic detection'
        : toMember.length > 0
          ? `not USDT: token contract ${toMember[0].token}`
          : receipt.transfers.some((t) => t.token === this.config.TRON_USDT_CONTRACT)
            ? 'the transaction pays another address, not your deposit address'
            : 'the transaction carries no USDT transfer';
      await this.records.failDepositClaim(db, recordId, reason);
      return 'failed';
    });
  }

  private async fail(recordId: string, reason: string): Promise<ClaimOutcome> {
    const changed = await this.dataSource.transaction((db) =>
      this.records.failDepositClaim(db, recordId, reason),
    );
    return changed ? 'failed' : 'already';
  }

  /** The highest block with the required confirmations that is also solidified. */
  async safeHeight(): Promise<number> {
    const { head, solidified } = await this.tron.heads();
    return Math.min(solidified, head - this.config.TRON_MIN_CONFIRMATIONS + 1);
  }
}
