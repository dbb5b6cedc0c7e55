import { MigrationInterface, QueryRunner } from 'typeorm';
import { LEDGER_POST as PREVIOUS_LEDGER_POST } from './1765400000000-ledger-post-checks';

/**
 * The member's statement (GET /users/me/statement, contract section 9) shows
 * each movement with the account's balance after it. Summing postings at read
 * time would cost a scan of the member's whole history per page; instead
 * ledger_post stores `balance_after` on every posting of a member account as
 * it writes it (system accounts keep no balance: NULL), exact because the
 * account's row is locked by the very update that moves it. Existing postings
 * are backfilled as the running sum per account in id order, which is the
 * order they were written under that lock.
 *
 * The statement pages by posting id within one account, so a partial index on
 * (account_id, id) over member postings keeps a page an index range read with
 * tens of millions of postings. ledger_post keeps its fourteen arguments
 * (contract section 10).
 */
export const LEDGER_POST = `
  CREATE OR REPLACE FUNCTION ledger_post(
    p_key text, p_kind text, p_fingerprint text, p_user_id integer, p_memo jsonb,
    p_from_user integer[], p_from_kind text[], p_to_user integer[], p_to_kind text[],
    p_currency text[], p_amount bigint[],
    p_earn_user integer[], p_earn_rewards bigint[], p_earn_commissions bigint[]
  ) RETURNS TABLE (transaction_id bigint, replayed boolean) LANGUAGE plpgsql AS $$
  DECLARE
    v_tx bigint;
    v_fingerprint text;
    v_id bigint;
    v_currency text;
    v_balance bigint;
    v_written integer;
    r record;
    -- Accounts resolved once: (user or NULL for system, kind) -> id, currency,
    -- balance after this transaction (NULL for system accounts).
    v_users integer[] := '{}';
    v_kinds text[] := '{}';
    v_ids bigint[] := '{}';
    v_currencies text[] := '{}';
    v_balances bigint[] := '{}';
  BEGIN
    INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint, user_id, memo)
    VALUES (p_key, p_kind, p_fingerprint, p_user_id, p_memo)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO v_tx;
    IF v_tx IS NULL THEN
      SELECT t.id, t.fingerprint INTO v_tx, v_fingerprint FROM ledger_transactions t WHERE t.idempotency_key = p_key;
      IF v_fingerprint <> p_fingerprint THEN
        RAISE EXCEPTION 'IDEMPOTENCY_CONFLICT' USING ERRCODE = 'P0001';
      END IF;
      RETURN QUERY SELECT v_tx, true;
      RETURN;
    END IF;

    FOR r IN
      SELECT x.user_id, x.kind, x.currency, SUM(x.delta) AS delta,
             COALESCE(MAX(e.rewards), 0) AS rewards, COALESCE(MAX(e.commissions), 0) AS commissions
      FROM (
        SELECT p_from_user[i] AS user_id, p_from_kind[i] AS kind, p_currency[i] AS currency, -p_amount[i] AS delta
        FROM generate_subscripts(p_amount, 1) AS i WHERE p_from_user[i] IS NOT NULL
        UNION ALL
        SELECT p_to_user[i], p_to_kind[i], p_currency[i], p_amount[i]
        FROM generate_subscripts(p_amount, 1) AS i WHERE p_to_user[i] IS NOT NULL
      ) x
      LEFT JOIN (
        SELECT p_earn_user[i] AS user_id, SUM(p_earn_rewards[i]) AS rewards, SUM(p_earn_commissions[i]) AS commissions
        FROM generate_subscripts(p_earn_user, 1) AS i GROUP BY 1
      ) e ON e.user_id = x.user_id AND x.kind = 'money'
      GROUP BY x.user_id, x.kind, x.currency ORDER BY x.user_id, x.kind
    LOOP
      IF r.delta < 0 THEN
        UPDATE ledger_accounts SET balance = balance + r.delta,
          earned_rewards = earned_rewards + r.rewards, earned_commissions = earned_commissions + r.commissions
        WHERE user_id = r.user_id AND kind = r.kind AND balance + r.delta >= 0
        RETURNING id, currency, balance INTO v_id, v_currency, v_balance;
        IF v_id IS NULL THEN
          RAISE EXCEPTION 'INSUFFICIENT_FUNDS' USING ERRCODE = 'P0001';
        END IF;
      ELSE
        INSERT INTO ledger_accounts (user_id, kind, currency, balance, earned_rewards, earned_commissions)
        VALUES (r.user_id, r.kind, r.currency, r.delta, r.rewards, r.commissions)
        ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL
        DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance,
          earned_rewards = ledger_accounts.earned_rewards + EXCLUDED.earned_rewards,
          earned_commissions = ledger_accounts.earned_commissions + EXCLUDED.earned_commissions
        RETURNING id, currency, balance INTO v_id, v_currency, v_balance;
      END IF;
      v_users := v_users || r.user_id;
      v_kinds := v_kinds || r.kind::text;
      v_ids := v_ids || v_id;
      v_currencies := v_currencies || v_currency;
      v_balances := v_balances || v_balance;
      v_id := NULL;
    END LOOP;
    FOR r IN
      SELECT a.id, a.kind, a.currency FROM ledger_accounts a
      WHERE a.user_id IS NULL AND a.kind IN (
        SELECT p_from_kind[i] FROM generate_subscripts(p_amount, 1) AS i WHERE p_from_user[i] IS NULL
        UNION SELECT p_to_kind[i] FROM generate_subscripts(p_amount, 1) AS i WHERE p_to_user[i] IS NULL)
    LOOP
      v_users := v_users || NULL::integer;
      v_kinds := v_kinds || r.kind::text;
      v_ids := v_ids || r.id;
      v_currencies := v_currencies || r.currency::text;
      v_balances := v_balances || NULL::bigint;
    END LOOP;

    -- Each leg is two postings of opposite amounts, so every transaction
    -- balances; a leg whose accounts are unknown or of two currencies
    -- (each checked against the leg's currency) is not written, and then
    -- the count below refuses the whole transaction. A member posting's
    -- balance_after is the account's new balance less what this
    -- transaction's later postings on it add.
    PERFORM set_config('ledger.writer', 'ledger_post', true);
    WITH accounts AS (
      SELECT u AS user_id, k AS kind, id, c AS currency, b AS balance
      FROM unnest(v_users, v_kinds, v_ids, v_currencies, v_balances) AS t(u, k, id, c, b)
    ),
    legs AS (
      SELECT i, p_from_user[i] AS fu, p_from_kind[i] AS fk, p_to_user[i] AS tu, p_to_kind[i] AS tk,
             p_currency[i] AS currency, p_amount[i] AS amount
      FROM generate_subscripts(p_amount, 1) AS i
    ),
    resolved AS (
      SELECT l.i, f.id AS from_id, f.balance AS from_balance, t.id AS to_id, t.balance AS to_balance, l.amount
      FROM legs l
      JOIN accounts f ON f.kind = l.fk AND f.user_id IS NOT DISTINCT FROM l.fu AND f.currency = l.currency
      JOIN accounts t ON t.kind = l.tk AND t.user_id IS NOT DISTINCT FROM l.tu AND t.currency = l.currency
    )
    INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount, balance_after)
    SELECT v_tx, x.account_id, x.contra_id, x.amount,
           x.balance - COALESCE(SUM(x.amount) OVER (PARTITION BY x.account_id ORDER BY x.i, x.leg
                                ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), 0)
    FROM (
      SELECT i, 0 AS leg, from_id AS account_id, to_id AS contra_id, -amount AS amount, from_balance AS balance FROM resolved
      UNION ALL
      SELECT i, 1, to_id, from_id, amount, to_balance FROM resolved
    ) x ORDER BY x.i, x.leg;
    GET DIAGNOSTICS v_written = ROW_COUNT;
    PERFORM set_config('ledger.writer', '', true);
    IF v_written <> 2 * cardinality(p_amount) THEN
      RAISE EXCEPTION 'ledger posting names an unknown account or mixes currencies';
    END IF;

    RETURN QUERY SELECT v_tx, false;
  END $$`;

export class StatementBalances1766200000000 implements MigrationInterface {
  name = 'StatementBalances1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_postings ADD COLUMN balance_after bigint`);
    // Postings are append-only; the backfill is the one sanctioned rewrite,
    // inside this migration's transaction.
    await q.query(`ALTER TABLE ledger_postings DISABLE TRIGGER ledger_postings_append_only`);
    await q.query(`
      UPDATE ledger_postings p SET balance_after = r.balance_after
      FROM (
        SELECT p.id, SUM(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.id) AS balance_after
        FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id IS NOT NULL
      ) r
      WHERE r.id = p.id`);
    await q.query(`ALTER TABLE ledger_postings ENABLE TRIGGER ledger_postings_append_only`);
    await q.query(`
      CREATE INDEX ledger_postings_statement_idx ON ledger_postings (account_id, id)
      WHERE balance_after IS NOT NULL`);
    await q.query(LEDGER_POST);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(PREVIOUS_LEDGER_POST);
    await q.query(`DROP INDEX ledger_postings_statement_idx`);
    await q.query(`ALTER TABLE ledger_postings DROP COLUMN balance_after`);
  }
}
