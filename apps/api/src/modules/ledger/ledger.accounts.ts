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
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export type Currency = 'USDT' | 'POINTS';

export type MemberRef = { userId: number; account: MemberAccount };
export type AccountRef = MemberRef | { system: SystemAccount };

export const member = (userId: number, account: MemberAccount): MemberRef => ({ userId, account });
export const system = (name: SystemAccount): AccountRef => ({ system: name });

export function currencyOf(ref: AccountRef): Currency {
  return 'system' in ref ? SYSTEM_ACCOUNTS[ref.system] : MEMBER_ACCOUNTS[ref.account];
}

/** Money arriving from these system accounts counts as the member's earnings. */
export const EARNING_SOURCES: Partial<Record<SystemAccount, 'rewards' | 'commissions'>> = {
  rewards: 'rewards',
  team_commissions: 'commissions',
};
