import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { deriveTronAddress } from '@app/domain';
import { AppError } from '../../common/app-error';
import { within } from '../../common/within';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { JobQueue } from '../../infra/jobs/job-queue';
import { REMOVE_WHEN_RUN } from '../../infra/jobs/queues';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService } from '../ledger/ledger.service';
import { TokenTransfer, readReceipt } from '../../infra/tron/trc20';
import { MemberEventsService } from '../../infra/events/member-events.service';
import { TronClient } from '../../infra/tron/tron.client';
import { RiskSignalsService } from '../risk/risk-signals.service';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';
import {
  DepositsRepository,
  ForeignDepositRow,
  HeldLog,
  type HeldStatus,
} from './deposits.repository';

export const DEPOSITS_QUEUE = 'deposits';
export const ADDRESS_CURSOR = 'deposit-addresses';
/** The longest a claim waits for Redis to take its job; the worker's sweep finds it anyway. */
const ENQUEUE_WAIT_MS = 2000;
/** A claim's job: 2 s, 4 s, ... doubling: past an hour after 12 tries. */
const CLAIM_JOB_OPTIONS = {
  attempts: 14,
  backoff: { type: 'exponential', delay: 2000 },
  ...REMOVE_WHEN_RUN,
} as const;

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
    private readonly signals: RiskSignalsService,
    private readonly tron: TronClient,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: MemberEventsService,
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

  /** USDT credited to member addresses and not swept to the hot wallet yet. */
  unsweptTotal(): Promise<bigint> {
    return this.deposits.unsweptTotal();
  }

  /**
   * Member addresses that hold USDT by the records (credited, not all swept):
   * the ones proof of liabilities reads on chain. An address the records call
   * swept is left out, so reserves can only be understated, never inflated.
   */
  async unsweptAddresses(): Promise<string[]> {
    const rows = await this.deposits.sweepCandidates(1n, 2_147_483_647);
    return rows.map((r) => r.address);
  }

  /** The last block the scanner finished, or null before its first look. */
  scanCursor(): Promise<number | null> {
    return this.deposits.cursor('tron');
  }

  /** The scanner's cursor and the seconds since it last stood at the safe head; null before the first scan. */
  scanState(): Promise<{ block: number; caughtUpSecondsAgo: number } | null> {
    return this.deposits.cursorState('tron');
  }

  /** Addresses that sent members a transfer and look like these (address poisoning), by address. */
  lookalikes(addresses: string[]): Promise<Map<string, string>> {
    return this.deposits.lookalikes(addresses);
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
   * Credits the USDT Transfer logs of these transactions (a block's, or one
   * claimed) that pay member addresses, inside the caller's database
   * transaction: one balance record per (tx, member) with the sum of its new
   * logs, all paid by one ledger transaction. Other tokens paid to members
   * are recorded for operators.
   * Returns the members credited now.
   */
  async creditTransactions(
    db: EntityManager,
    txs: ChainTransaction[],
    source: 'scan' | 'claim',
  ): Promise<number[]> {
    const recipients = [...new Set(txs.flatMap((tx) => tx.transfers.map((t) => t.to)))];
    const owners = await this.deposits.owners(db, recipients);
    if (owners.size === 0) return [];
    // The reconciler looks at these addresses next (reconciler.service.ts).
    const active = new Map<string, { address: string; userId: number; blockNumber: number }>();
    for (const tx of txs)
      for (const t of tx.transfers) {
        const userId = owners.get(t.to);
        if (userId !== undefined && (active.get(t.to)?.blockNumber ?? -1) < tx.blockNumber)
          active.set(t.to, { address: t.to, userId, blockNumber: tx.blockNumber });
      }
    await this.deposits.noteActivity(db, [...active.values()]);
    const usdt = this.config.TRON_USDT_CONTRACT;
    const logs: Parameters<DepositsRepository['insertLogs']>[2] = [];
    const foreign: Parameters<DepositsRepository['addForeign']>[1] = [];
    for (const tx of txs) {
      for (const transfer of tx.transfers) {
        const userId = owners.get(transfer.to);
        if (userId === undefined || transfer.amount <= 0n) continue;
        const row = {
          txId: tx.txId,
          logIndex: transfer.logIndex,
          userId,
          from: transfer.from,
          amount: transfer.amount,
          blockNumber: tx.blockNumber,
          blockTime: tx.blockTime,
        };
        if (transfer.token === usdt) logs.push(row);
        else foreign.push({ ...row, asset: transfer.token });
      }
    }
    await this.deposits.addForeign(db, foreign);
    const fresh = await this.deposits.insertLogs(db, source, logs);
    await this.recordSources(db, logs, fresh);
    const groups = new Map<string, typeof fresh>();
    for (const log of fresh) {
      const key = `${log.txId}:${log.userId}`;
      groups.set(key, [...(groups.get(key) ?? []), log]);
    }
    if (groups.size === 0) return [];
    // One ledger transaction for everything new here (a block's worth): one
    // round trip however many deposits, keyed by exactly the logs it pays.
    const credits = [...groups.values()].map((group) => ({
      txId: group[0].txId,
      userId: group[0].userId,
      amount: group.reduce((sum, log) => sum + log.amount, 0n),
      logIndexes: group.map((l) => l.logIndex).sort((a, b) => a - b),
    }));
    const paid = credits.map((c) => `${c.txId}:${c.logIndexes.join(',')}`).sort();
    const members = [...new Set(credits.map((c) => c.userId))];
    const { transactionId } = await this.ledger.post(db, {
      key: `deposit:${createHash('sha256').update(paid.join(';')).digest('hex')}`,
      kind: 'deposit',
      userId: members.length === 1 ? members[0] : null,
      memo: { deposits: paid.length, block: txs[0]?.blockNumber },
      transfers: credits.map((c) => ({
        from: system('deposits'),
        to: member(c.userId, 'money'),
        amount: c.amount,
      })),
    });
    const links = credits.flatMap((c) =>
      c.logIndexes.map((logIndex) => ({
        txId: c.txId,
        logIndex,
        ledgerTransactionId: transactionId,
      })),
    );
    const records = credits.map((c) => ({
      userId: c.userId,
      txId: c.txId,
      amount: c.amount,
      ledgerTransactionId: transactionId,
    }));
    await this.deposits.linkLedger(db, links);
    await this.records.settleDeposits(db, records);
    return [...new Set(records.map((r) => r.userId))];
  }

  /**
   * A second opinion (issue 43): with two or more nodes, a transaction paying
   * a member DEPOSIT_CROSSCHECK_USDT or more (0: any amount) is credited only
   * when another node returns the same receipt. `servedBy`, the node that
   * reported it (the scanner's block), is left out and one other node must
   * agree; without it (a claim: any node may have answered) two must. What no
   * second node confirms is held (`hold`), with what each node said. With one
   * node configured there is nobody to ask: everything is credited as before.
   */
  async secondOpinion(
    txs: ChainTransaction[],
    servedBy: string | null,
  ): Promise<{ credit: ChainTransaction[]; held: HeldLog[]; checked: string[] }> {
    const usdt = this.config.TRON_USDT_CONTRACT;
    if (this.tron.pool.urls.length < 2) return { credit: txs, held: [], checked: [] };
    const recipients = [
      ...new Set(
        txs.flatMap((tx) => tx.transfers.filter((t) => t.token === usdt).map((t) => t.to)),
      ),
    ];
    const owners = await this.deposits.owners(this.dataSource, recipients);
    if (owners.size === 0) return { credit: txs, held: [], checked: [] };
    const threshold = BigInt(this.config.DEPOSIT_CROSSCHECK_USDT) * 1_000_000n;
    const verdicts = await Promise.all(
      txs.map(async (tx) => {
        const ours = tx.transfers.filter(
          (t) => t.token === usdt && owners.has(t.to) && t.amount > 0n,
        );
        const perMember = new Map<number, bigint>();
        for (const t of ours) {
          const id = owners.get(t.to)!;
          perMember.set(id, (perMember.get(id) ?? 0n) + t.amount);
        }
        const largest = [...perMember.values()].reduce((a, b) => (b > a ? b : a), 0n);
        if (ours.length === 0 || largest < threshold) return { tx, checked: false, why: null };
        return { tx, checked: true, why: await this.unconfirmedBy(tx, servedBy) };
      }),
    );
    const held: HeldLog[] = [];
    for (const { tx, why } of verdicts) {
      if (!why) continue;
      for (const t of tx.transfers) {
        const userId = owners.get(t.to);
        if (t.token !== usdt || userId === undefined || t.amount <= 0n) continue;
        held.push({
          txId: tx.txId,
          logIndex: t.logIndex,
          userId,
          from: t.from,
          to: t.to,
          amount: t.amount,
          blockNumber: tx.blockNumber,
          blockTime: tx.blockTime,
          reason: why,
        });
      }
    }
    return {
      credit: verdicts.filter((v) => !v.why).map((v) => v.tx),
      held,
      checked: verdicts.filter((v) => v.checked && !v.why).map((v) => v.tx.txId),
    };
  }

  /** Null when enough other nodes return this receipt; else what each node said. */
  private unconfirmedBy(tx: ChainTransaction, servedBy: string | null): Promise<string | null> {
    return this.tron.unconfirmedReceipt(
      {
        txId: tx.txId,
        blockNumber: tx.blockNumber,
        blockTime: tx.blockTime,
        succeeded: true,
        failure: null,
        transfers: tx.transfers,
      },
      servedBy,
    );
  }

  /**
   * Holds what no second node confirmed, in the caller's transaction; returns
   * the ids held for the first time, for `announceHeld` after the commit.
   */
  hold(db: EntityManager, logs: HeldLog[]): Promise<string[]> {
    return this.deposits.hold(db, logs);
  }

  /** Credited after all: their held rows are closed, in the crediting transaction. */
  releaseHeld(db: EntityManager, txIds: string[]): Promise<void> {
    return this.deposits.releaseHeld(db, txIds);
  }

  /** Operators who work money see held deposits arrive (their queue count, a live event). */
  announceHeld(ids: string[]): void {
    for (const id of ids) {
      this.logger.warn(`deposit log ${id} held: no second TRON node confirmed it`);
      this.events.publishQueue('held_deposits', id);
    }
  }

  /**
   * Asks every node again about held deposits, the ones looked at longest ago
   * first: once two nodes return the held logs unchanged they are credited
   * (and the rows closed) in one transaction; otherwise the reason is renewed.
   * Returns how many transactions were credited.
   */
  async recheckHeld(limit = 20): Promise<number> {
    const rows = await this.deposits.heldDue(limit);
    const byTx = new Map<string, typeof rows>();
    for (const row of rows) byTx.set(row.tx_id, [...(byTx.get(row.tx_id) ?? []), row]);
    let credited = 0;
    for (const [txId, logs] of byTx) {
      const tx: ChainTransaction = {
        txId,
        blockNumber: Number(logs[0].block_number),
        blockTime: logs[0].block_time,
        transfers: logs.map((l) => ({
          logIndex: l.log_index,
          token: this.config.TRON_USDT_CONTRACT,
          from: l.from_address,
          to: l.to_address,
          amount: BigInt(l.amount_micro),
        })),
      };
      const why = await this.unconfirmedBy(tx, null);
      if (why) {
        await this.deposits.touchHeld(txId, why);
        continue;
      }
      await this.dataSource.transaction(async (db) => {
        await this.creditTransactions(db, [tx], 'scan');
        await this.deposits.releaseHeld(db, [txId]);
      });
      credited++;
    }
    return credited;
  }

  listHeld(status: HeldStatus | undefined, limit: number, before?: number) {
    return this.deposits.listHeld(status, limit, before);
  }

  heldCount(): Promise<number> {
    return this.deposits.countHeld();
  }

  /** Where the new deposits came from: a risk signal of their member (issue 38). */
  private recordSources(
    db: EntityManager,
    logs: { txId: string; logIndex: number; userId: number; from: string }[],
    fresh: { txId: string; logIndex: number }[],
  ) {
    const credited = new Set(fresh.map((log) => `${log.txId}:${log.logIndex}`));
    return this.signals.addresses(
      db,
      logs
        .filter((log) => credited.has(`${log.txId}:${log.logIndex}`) && log.from)
        .map((log) => ({ userId: log.userId, kind: 'funding_address', address: log.from })),
    );
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
    // BullMQ waits for Redis without a limit: bounded here (the job id makes a late add harmless).
    await within(this.enqueueClaims([recordId]), ENQUEUE_WAIT_MS).catch((error: unknown) =>
      // PostgreSQL holds the claim; the worker's sweep finds it without Redis.
      this.logger.warn(`claim ${recordId} not queued: ${(error as Error).message}`),
    );
    return { id: Number(recordId), status: 'under_review' };
  }

  /**
   * The worker's sweep: pending claims read again from PostgreSQL and queued
   * (their job ids collapse), so a Redis that lost them loses nothing.
   */
  async requeuePendingClaims(): Promise<number> {
    const ids = await this.records.pendingDepositClaimIds(500);
    if (ids.length > 0) await this.enqueueClaims(ids);
    return ids.length;
  }

  enqueueClaims(recordIds: string[]) {
    return this.jobs.enqueue(
      DEPOSITS_QUEUE,
      recordIds.map((recordId) => ({
        name: 'verify-claim' as const,
        data: { recordId },
        jobId: `claim-${recordId}`,
      })),
      CLAIM_JOB_OPTIONS,
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
    const tx = {
      txId: claim.txId,
      blockNumber: receipt.blockNumber,
      blockTime: receipt.blockTime,
      transfers: receipt.transfers,
    };
    const opinion = await this.secondOpinion([tx], null);
    if (opinion.held.length > 0) {
      // Held for operators; the claim stays under review and is looked at again (the
      // re-check credits it, and the claim with it, once two nodes agree).
      const fresh = await this.dataSource.transaction((db) => this.hold(db, opinion.held));
      this.announceHeld(fresh);
      throw new RetryLater(`tx ${claim.txId} is held: ${opinion.held[0].reason}`);
    }
    return this.dataSource.transaction(async (db) => {
      await this.creditTransactions(db, [tx], 'claim');
      await this.releaseHeld(db, opinion.checked);
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

  /** TRX and tokens other than USDT sent to member addresses, newest first (a page). */
  listForeign(limit: number, before?: number): Promise<ForeignDepositRow[]> {
    return this.deposits.listForeign(limit, before);
  }

  /** Member deposits credited from the chain in the last `days` days. */
  creditedSince(days: number): Promise<number> {
    return this.deposits.creditedSince(days);
  }

  /** The highest block with the required confirmations that is also solidified. */
  async safeHeight(): Promise<number> {
    const { head, solidified } = await this.tron.heads();
    return Math.min(solidified, head - this.config.TRON_MIN_CONFIRMATIONS + 1);
  }
}
