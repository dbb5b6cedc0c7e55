/** Accounts every member has (created on first use). */
export const MEMBER_ACCOUNTS = {
  money: 'USDT',
  points: 'POINTS',
  points_hold: 'POINTS',
  /** Team commissions held while an operator reviews the member's ring (issue 38). */
  commission_hold: 'USDT',
} as const;
export type MemberAccount = keyof typeof MEMBER_ACCOUNTS;

/**
 * The other side of every member movement. Their balances are not cached
 * (no hot rows under load); the ledger report sums their postings.
 */
export const SYSTEM_ACCOUNTS = {
  deposits: 'USDT',
  /** Card payments an operator confirmed (the fiat is held outside the chain). */
  card_deposits: 'USDT',
  /** Challenge rewards operators decided to pay. */
  challenges: 'USDT',
  withdrawals: 'USDT',
  /** Requested withdrawals, held until sent on chain or refunded. */
  pending_withdrawals: 'USDT',
  fees: 'USDT',
  rewards: 'USDT',
  team_commissions: 'USDT',
  adjustments: 'USDT',
  vip_sales: 'USDT',
  conversion: 'USDT',
  promotions: 'POINTS',
  points_adjustments: 'POINTS',
  points_vip_sales: 'POINTS',
  points_conversion: 'POINTS',
  /** The outside payers' side of money recorded as paid in (sponsors, advertisers). */
  sponsors: 'USDT',
  /**
   * Outside money not yet paid out: payouts draw on it first. The one system
   * account that keeps its balance (never negative), read on every payout.
   */
  sponsor_funds: 'USDT',
  /** Payouts the club's own revenue (VIP purchases, fees) paid for: it runs negative. */
  club_revenue: 'USDT',
  /** What the funding accounts paid for payouts, the mirror of the payout accounts since funding began. */
  payouts_funded: 'USDT',
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

/**
 * A transfer's source that ledger_post resolves as it posts: `sponsor_funds`
 * while it holds money, `club_revenue` for the rest (contract section 11).
 */
export const FUNDING = 'funding';

export type Currency = 'USDT' | 'POINTS';

export type MemberRef = { userId: number; account: MemberAccount };
export type FundingRef = { system: typeof FUNDING };
export type AccountRef = MemberRef | { system: SystemAccount } | FundingRef;

export const member = (userId: number, account: MemberAccount): MemberRef => ({ userId, account });
export const system = (name: SystemAccount): AccountRef => ({ system: name });

/** The funding account ledger_post chooses (USDT). */
export const funding = (): FundingRef => ({ system: FUNDING });

export function currencyOf(ref: AccountRef): Currency {
  if (!('system' in ref)) return MEMBER_ACCOUNTS[ref.account];
  return ref.system === FUNDING ? 'USDT' : SYSTEM_ACCOUNTS[ref.system];
}

/** Money arriving from these system accounts counts as the member's earnings. */
export const EARNING_SOURCES: Partial<Record<SystemAccount, 'rewards' | 'commissions'>> = {
  rewards: 'rewards',
  team_commissions: 'commissions',
};

/**
 * Payouts: money (or points, counted at 1 USDT a point as members buy
 * levels with them) the club pays members from these accounts. Each ledger
 * transaction that pays any is funded in the same transaction by one more
 * transfer from the funding account to `payouts_funded` (LedgerService).
 */
export const PAYOUT_SOURCES: readonly SystemAccount[] = [
  'rewards',
  'team_commissions',
  'challenges',
  'promotions',
];

/** The ledger transactions that pay members out (what /transparency counts as payouts). */
export const PAYOUT_KINDS = ['reward', 'challenge_reward', 'promotion'] as const;
