import { Injectable } from '@nestjs/common';
import { STATEMENT_PAGE_DEFAULT, microToNumber } from '@app/domain';
import type { Language } from '../../common/language';
import { LedgerStatementService, StatementRow } from '../ledger/ledger-statement.service';
import { TrailersService } from '../trailers/trailers.service';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';
import { WithdrawalsService } from '../withdrawals/withdrawals.service';
import { StatementDetails, StatementPage, StatementQuery } from './statement.dto';

const DAY_MS = 24 * 3600 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A bare date is a UTC day: `from` its start, `to` through its end. */
function lowerBound(value: string | undefined): Date | undefined {
  return value === undefined ? undefined : new Date(value);
}
function upperBound(value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  return DATE_ONLY.test(value) ? new Date(at.getTime() + DAY_MS) : at;
}

const memoNumber = (memo: Record<string, unknown>, key: string): number | null =>
  typeof memo[key] === 'number' || (typeof memo[key] === 'string' && memo[key] !== '')
    ? Number(memo[key])
    : null;
const memoString = (memo: Record<string, unknown>, key: string): string | null =>
  typeof memo[key] === 'string' ? memo[key] : null;

const NO_DETAILS: StatementDetails = {
  trailer_id: null,
  trailer_title: null,
  team_level: null,
  from_member_id: null,
  from_member_name: null,
  vip_level: null,
  tx_id: null,
  wallet: null,
};

/**
 * The member's statement: the ledger's movements of their own accounts, each
 * with what it refers to in words (issue 39): the trailer and its title, the
 * team level and member a commission came from, the VIP level bought, a
 * deposit's tx id, a withdrawal's address and tx id. Each owner answers for
 * its part, one query per page whatever its length.
 */
@Injectable()
export class StatementService {
  constructor(
    private readonly ledger: LedgerStatementService,
    private readonly trailers: TrailersService,
    private readonly users: UsersService,
    private readonly wallet: WalletService,
    private readonly withdrawals: WithdrawalsService,
  ) {}

  async page(userId: number, query: StatementQuery, lang: Language): Promise<StatementPage> {
    const limit = query.limit ?? STATEMENT_PAGE_DEFAULT;
    // One more than a page says whether an older page exists.
    const rows = await this.ledger.page(userId, {
      before: query.before,
      limit: limit + 1,
      account: query.account,
      kind: query.kind,
      from: lowerBound(query.from),
      until: upperBound(query.to),
    });
    const shown = rows.slice(0, limit);
    const details = await this.details(userId, shown, lang);
    const items = shown.map((row, index) => ({
      id: Number(row.id),
      created_at: row.createdAt.toISOString(),
      kind: row.kind,
      account: row.account,
      amount: microToNumber(row.amount),
      balance_after: microToNumber(row.balanceAfter),
      reference: row.reference,
      details: details[index],
    }));
    return {
      items,
      next_before: rows.length > limit ? items[items.length - 1].id : null,
    };
  }

  private async details(
    userId: number,
    rows: StatementRow[],
    lang: Language,
  ): Promise<StatementDetails[]> {
    const of = (kinds: string[]) => rows.filter((row) => kinds.includes(row.kind));
    const watched = of(['reward', 'commission']);
    const commissions = of(['commission']);
    const deposits = of(['deposit']);
    const withdrawals = of(['withdrawal', 'withdrawal_refund']);
    const [titles, team, depositTx, withdrawalRows] = await Promise.all([
      this.trailers.titles(
        watched.map((row) => memoNumber(row.memo, 'trailer_id')).filter((id) => id !== null),
        lang,
      ),
      this.users.teamLevels(
        userId,
        commissions.map((row) => row.sourceUserId).filter((id) => id !== null),
      ),
      this.wallet.depositTxIds(
        userId,
        deposits.map((row) => row.transactionId),
      ),
      this.withdrawals.mine(
        userId,
        withdrawals
          .map((row) => memoNumber(row.memo, 'withdrawal_id'))
          .filter((id) => id !== null)
          .map(String),
      ),
    ]);
    // A block's deposits of one amount share a key: each row takes the next tx id.
    const taken = new Map<string, number>();
    const nextDepositTx = (row: StatementRow) => {
      const key = `${row.transactionId}:${row.amount}`;
      const index = taken.get(key) ?? 0;
      taken.set(key, index + 1);
      return depositTx.get(key)?.[index] ?? null;
    };
    return rows.map((row) => {
      const trailerId = memoNumber(row.memo, 'trailer_id');
      switch (row.kind) {
        case 'reward':
        case 'commission': {
          const from = row.kind === 'commission' ? team.get(row.sourceUserId ?? -1) : undefined;
          return {
            ...NO_DETAILS,
            trailer_id: trailerId,
            trailer_title: trailerId === null ? null : (titles.get(trailerId) ?? null),
            team_level: from ? from.level : null,
            from_member_id: from ? from.id : null,
            from_member_name: from?.nickname ?? null,
          };
        }
        case 'purchase':
          return { ...NO_DETAILS, vip_level: memoNumber(row.memo, 'vip_level') };
        case 'deposit':
          return { ...NO_DETAILS, tx_id: nextDepositTx(row) };
        case 'withdrawal':
        case 'withdrawal_refund': {
          const withdrawal = withdrawalRows.get(String(memoNumber(row.memo, 'withdrawal_id')));
          return {
            ...NO_DETAILS,
            wallet: withdrawal?.wallet ?? memoString(row.memo, 'wallet'),
            tx_id: row.kind === 'withdrawal' ? (withdrawal?.tx_id?.trim() ?? null) : null,
          };
        }
        default:
          return NO_DETAILS;
      }
    });
  }
}
