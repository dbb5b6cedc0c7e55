/**
 * The SQL of the incremental ledger audit (ledger-audit.service.ts). Ranges of
 * postings are `id > $after AND id <= $through`; "everything after the
 * checkpoint" passes MAX_ID as `through`.
 */
export const MAX_ID = '9223372036854775807';

/** Money a member account received from these system accounts counts as earned. */
const EARNED = `
  COALESCE(sum(p.amount) FILTER (WHERE c.user_id IS NULL AND c.kind = 'rewards'), 0) AS rewards,
  COALESCE(sum(p.amount) FILTER (WHERE c.user_id IS NULL AND c.kind = 'team_commissions'), 0) AS commissions`;

/**
 * Accounts whose cached balance is checked against their postings: members',
 * and sponsor_funds, the one system account ledger_post keeps a balance of.
 */
export const KEEPS_BALANCE = `(a.user_id IS NOT NULL OR a.kind = 'sponsor_funds')`;

/** Per account, the sums of its postings in ($1, $2]. */
export const ACCOUNT_DELTAS = `
  SELECT p.account_id, sum(p.amount) AS amount, ${EARNED}
  FROM ledger_postings p JOIN ledger_accounts c ON c.id = p.contra_account_id
  WHERE p.id > $1 AND p.id <= $2
  GROUP BY p.account_id`;

/**
 * Accounts keeping a balance whose cached figures differ from the checkpoint's sums plus
 * the postings after it ($1 is the checkpoint's posting id), or that are
 * negative. Looked at: the accounts moved after the checkpoint, those moved
 * in ($2, $1] (what a checkpoint just summed) and those an audit found wrong.
 */
export const WRONG_ACCOUNTS = `
  WITH d AS (${ACCOUNT_DELTAS.replace('p.id > $1 AND p.id <= $2', 'p.id > $1')}),
  s AS (
    SELECT account_id FROM d
    UNION SELECT account_id FROM ledger_postings WHERE id > $2 AND id <= $1
    UNION SELECT subject_id FROM ledger_audit_findings WHERE subject = 'account'
  )
  SELECT a.id::text AS id,
         a.balance <> COALESCE(k.balance, 0) + COALESCE(d.amount, 0) AS balance_wrong,
         a.kind = 'money' AND (
           a.earned_rewards <> COALESCE(k.earned_rewards, 0) + COALESCE(d.rewards, 0)
           OR a.earned_commissions <> COALESCE(k.earned_commissions, 0) + COALESCE(d.commissions, 0)
         ) AS earned_wrong,
         a.balance < 0 AS negative
  FROM s
  JOIN ledger_accounts a ON a.id = s.account_id AND ${KEEPS_BALANCE}
  LEFT JOIN ledger_checkpoint_accounts k ON k.account_id = a.id
  LEFT JOIN d ON d.account_id = a.id`;

/**
 * Transactions that do not balance in some currency (their postings in
 * ($1, $2]), whose postings in that range have no transaction row (the
 * postings keep no foreign key to it: migration
 * 1767000500000-postings-without-transaction-key), or that have no postings
 * at all (ids in ($3, $4]).
 */
export const WRONG_TRANSACTIONS = `
  SELECT DISTINCT x.transaction_id::text AS id, 'unbalanced' AS problem FROM (
    SELECT p.transaction_id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.id > $1 AND p.id <= $2
    GROUP BY p.transaction_id, a.currency HAVING sum(p.amount) <> 0
  ) x
  UNION ALL
  SELECT DISTINCT p.transaction_id::text, 'missing' FROM ledger_postings p
  WHERE p.id > $1 AND p.id <= $2
    AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = p.transaction_id)
  UNION ALL
  SELECT t.id::text, 'empty' FROM ledger_transactions t
  WHERE t.id > $3 AND t.id <= $4
    AND NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id)`;

/** Per account kind, currency and owner, the sum of the postings in ($1, $2]. */
export const KIND_DELTAS = `
  SELECT a.kind, a.currency, CASE WHEN a.user_id IS NULL THEN 'system' ELSE 'member' END AS owner,
         sum(p.amount)::text AS total
  FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
  WHERE p.id > $1 AND p.id <= $2
  GROUP BY 1, 2, 3`;

/** One rollup row per UTC day, transaction kind, account kind and owner for the postings in ($1, $2]. */
export const ROLLUP_DELTAS = `
  SELECT (p.created_at AT TIME ZONE 'UTC')::date AS day, t.kind AS transaction_kind,
         a.kind AS account_kind, a.user_id IS NULL AS system,
         CASE WHEN t.kind = 'buy_vip' THEN COALESCE(t.memo->>'vip_level', '') ELSE '' END AS detail,
         a.currency, sum(p.amount) AS amount, count(*) AS postings
  FROM ledger_postings p
  JOIN ledger_accounts a ON a.id = p.account_id
  JOIN ledger_transactions t ON t.id = p.transaction_id
  WHERE p.id > $1 AND p.id <= $2
  GROUP BY 1, 2, 3, 4, 5, 6`;
