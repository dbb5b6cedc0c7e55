/**
 * The member's statement (GET /users/me/statement, contract section 9): one
 * row per movement of the member's own accounts. `kind` names the movement
 * as the member knows it, not the ledger's internal transaction kind. A
 * withdrawal's fee is part of its one debit (the member's account moves once);
 * held points are released when due and never expire today. `other` covers a
 * ledger kind added later and not yet named here.
 */
export const STATEMENT_KINDS = [
  'reward',
  'commission',
  'purchase',
  'transfer',
  'deposit',
  'card_deposit',
  'withdrawal',
  'withdrawal_refund',
  'adjustment',
  'promotion',
  'hold_release',
  'challenge',
  'review_release',
  'review_reversal',
  'other',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * The member's own accounts, as the statement and its filter name them.
 * `commission_hold`: team commissions held while an operator reviews a ring
 * the member is in (issue 38); a review releases them to money
 * (`review_release`) or reverses them (`review_reversal`).
 */
export const STATEMENT_ACCOUNTS = ['money', 'points', 'points_hold', 'commission_hold'] as const;
export type StatementAccount = (typeof STATEMENT_ACCOUNTS)[number];

export const STATEMENT_PAGE_DEFAULT = 20;
export const STATEMENT_PAGE_MAX = 100;
