import { Injectable } from '@nestjs/common';
import { STATEMENT_PAGE_DEFAULT, microToNumber } from '@app/domain';
import { LedgerStatementService } from '../ledger/ledger-statement.service';
import { StatementPage, StatementQuery } from './statement.dto';

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

@Injectable()
export class StatementService {
  constructor(private readonly ledger: LedgerStatementService) {}

  async page(userId: number, query: StatementQuery): Promise<StatementPage> {
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
    const items = rows.slice(0, limit).map((row) => ({
      id: Number(row.id),
      created_at: row.createdAt.toISOString(),
      kind: row.kind,
      account: row.account,
      amount: microToNumber(row.amount),
      balance_after: microToNumber(row.balanceAfter),
      reference: row.reference,
    }));
    return {
      items,
      next_before: rows.length > limit ? items[items.length - 1].id : null,
    };
  }
}
