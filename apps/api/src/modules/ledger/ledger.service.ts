import { HttpStatus, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import {
  AccountRef,
  EARNING_COLUMNS,
  MemberRef,
  MEMBER_ACCOUNTS,
  SystemAccount,
  currencyOf,
} from './ledger.accounts';

export interface Transfer {
  from: AccountRef;
  to: AccountRef;
  /** micro-units, > 0 */
  amount: bigint;
}

export interface PostRequest {
  /** Deterministic: the same business event always yields the same key. */
  key: string;
  kind: string;
  userId?: number | null;
  memo?: Record<string, unknown>;
  transfers: Transfer[];
}

export interface PostResult {
  transactionId: string;
  /** True when this key was posted before and nothing changed now. */
  replayed: boolean;
}

export const insufficientFunds = () =>
  AppError.badRequest('INSUFFICIENT_FUNDS', 'Insufficient funds');

const refKey = (ref: AccountRef) =>
  'system' in ref ? `system:${ref.system}` : `member:${ref.userId}:${ref.account}`;

/**
 * The only writer of money. Runs inside the caller's database transaction so
 * a business change and its postings commit or fail together.
 */
@Injectable()
export class LedgerService {
  private readonly systemIds = new Map<SystemAccount, string>();

  async post(manager: EntityManager, request: PostRequest): Promise<PostResult> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('LedgerService.post needs a database transaction');
    if (request.transfers.length === 0)
      throw new Error('a ledger transaction needs at least one transfer');
    for (const t of request.transfers) {
      if (typeof t.amount !== 'bigint' || t.amount <= 0n)
        throw new Error(`transfer amount must be a positive bigint`);
      if (currencyOf(t.from) !== currencyOf(t.to))
        throw new Error(`transfer mixes currencies: ${refKey(t.from)} -> ${refKey(t.to)}`);
      if (refKey(t.from) === refKey(t.to)) throw new Error('transfer to the same account');
    }
    const fingerprint = createHash('sha256')
      .update(
        JSON.stringify([
          request.kind,
          request.transfers.map((t) => [refKey(t.from), refKey(t.to), t.amount.toString()]),
        ]),
      )
      .digest('hex');

    const inserted: { id: string }[] = await manager.query(
      `INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint, user_id, memo)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [
        request.key,
        request.kind,
        fingerprint,
        request.userId ?? null,
        JSON.stringify(request.memo ?? {}),
      ],
    );
    if (inserted.length === 0) {
      const [existing] = await manager.query(
        `SELECT id, fingerprint FROM ledger_transactions WHERE idempotency_key = $1`,
        [request.key],
      );
      if (existing.fingerprint !== fingerprint) {
        throw new AppError(
          HttpStatus.CONFLICT,
          'IDEMPOTENCY_CONFLICT',
          'This idempotency key was used for a different operation',
        );
      }
      return { transactionId: String(existing.id), replayed: true };
    }
    const transactionId = String(inserted[0].id);

    const accountIds = await this.applyDeltas(manager, request.transfers);
    const values: unknown[] = [];
    const rows: string[] = [];
    for (const t of request.transfers) {
      const from = accountIds.get(refKey(t.from))!;
      const to = accountIds.get(refKey(t.to))!;
      for (const [account, contra, amount] of [
        [from, to, -t.amount],
        [to, from, t.amount],
      ] as const) {
        const i = values.length;
        rows.push(`($${i + 1}, $${i + 2}, $${i + 3}, $${i + 4})`);
        values.push(transactionId, account, contra, amount.toString());
      }
    }
    await manager.query(
      `INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount) VALUES ${rows.join(', ')}`,
      values,
    );
    await this.updateEarnings(manager, request.transfers);
    return { transactionId, replayed: false };
  }

  /**
   * Moves each member account by its net change in one conditional statement
   * each, in a fixed order (no deadlocks between concurrent postings). A change
   * that would go below zero is refused here, and by the CHECK constraint.
   */
  private async applyDeltas(
    manager: EntityManager,
    transfers: Transfer[],
  ): Promise<Map<string, string>> {
    const ids = new Map<string, string>();
    const deltas = new Map<string, { ref: MemberRef; delta: bigint }>();
    for (const t of transfers) {
      for (const [ref, delta] of [
        [t.from, -t.amount],
        [t.to, t.amount],
      ] as const) {
        if ('system' in ref) {
          ids.set(refKey(ref), await this.systemAccountId(manager, ref.system));
          continue;
        }
        const key = refKey(ref);
        const entry = deltas.get(key) ?? { ref, delta: 0n };
        entry.delta += delta;
        deltas.set(key, entry);
      }
    }
    const ordered = [...deltas.values()].sort(
      (a, b) => a.ref.userId - b.ref.userId || a.ref.account.localeCompare(b.ref.account),
    );
    for (const { ref, delta } of ordered) {
      // A debit only ever updates an existing account, and only while it stays
      // at or above zero. (PostgreSQL checks constraints on an upsert's proposed
      // row before it finds the conflict, so a negative upsert always fails.)
      // (TypeORM answers an UPDATE ... RETURNING with [rows, rowCount].)
      const rows: { id: string }[] =
        delta < 0n
          ? (
              await manager.query(
                `UPDATE ledger_accounts SET balance = balance + $3
               WHERE user_id = $1 AND kind = $2 AND balance + $3 >= 0 RETURNING id`,
                [ref.userId, ref.account, delta.toString()],
              )
            )[0]
          : await manager.query(
              `INSERT INTO ledger_accounts (user_id, kind, currency, balance) VALUES ($1, $2, $3, $4)
               ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL
               DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance
               RETURNING id`,
              [ref.userId, ref.account, MEMBER_ACCOUNTS[ref.account], delta.toString()],
            );
      if (rows.length === 0) throw insufficientFunds();
      ids.set(refKey(ref), String(rows[0].id));
    }
    return ids;
  }

  /** Keeps /users/me's earnings beside the postings; a reversal takes them back. */
  private async updateEarnings(manager: EntityManager, transfers: Transfer[]) {
    for (const { from, to, amount } of transfers) {
      let change: { userId: number; column: string; amount: bigint } | undefined;
      if (
        'system' in from &&
        'account' in to &&
        to.account === 'money' &&
        EARNING_COLUMNS[from.system]
      ) {
        change = { userId: to.userId, column: EARNING_COLUMNS[from.system]!, amount };
      } else if (
        'system' in to &&
        'account' in from &&
        from.account === 'money' &&
        EARNING_COLUMNS[to.system]
      ) {
        change = { userId: from.userId, column: EARNING_COLUMNS[to.system]!, amount: -amount };
      }
      if (!change) continue;
      await manager.query(
        `UPDATE users SET ${change.column} = ${change.column} + $2 WHERE id = $1`,
        [change.userId, change.amount.toString()],
      );
    }
  }

  /** System accounts are created by the migration; their ids never change. */
  private async systemAccountId(manager: EntityManager, name: SystemAccount): Promise<string> {
    const cached = this.systemIds.get(name);
    if (cached) return cached;
    const [row] = await manager.query(
      `SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = $1`,
      [name],
    );
    if (!row) throw new Error(`system account ${name} is missing: run the migrations`);
    this.systemIds.set(name, String(row.id));
    return String(row.id);
  }

  /** Balances of one member's accounts (0 for accounts never used). */
  async balancesOf(
    manager: EntityManager,
    userId: number,
  ): Promise<Record<keyof typeof MEMBER_ACCOUNTS, bigint>> {
    const rows: { kind: keyof typeof MEMBER_ACCOUNTS; balance: string }[] = await manager.query(
      `SELECT kind, balance FROM ledger_accounts WHERE user_id = $1`,
      [userId],
    );
    const result = { money: 0n, points: 0n, points_hold: 0n };
    for (const row of rows) result[row.kind] = BigInt(row.balance);
    return result;
  }
}
