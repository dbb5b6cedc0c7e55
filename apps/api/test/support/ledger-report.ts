/** What the operator's ledger report (`GET /admin/reports/ledger`) says of a sound ledger. */
export const SOUND_LEDGER_REPORT = {
  balanced: true,
  consistent: true,
  unbalanced_transactions: 0,
  mismatched_accounts: 0,
  mismatched_earnings: 0,
  negative_member_accounts: 0,
};
