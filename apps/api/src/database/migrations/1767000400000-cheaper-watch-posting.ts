import { MigrationInterface, QueryRunner } from 'typeorm';
import { LEDGER_POST as PREVIOUS_LEDGER_POST } from './1766900000000-funded-payouts';

/**
 * The reward posting made cheaper for PostgreSQL (issue 41, bench:ledger).
 * A CPU profile of the database under the bench put half of its time in
 * ledger_post, most of that in starting one statement after another, and an
 * eighth in `risk_held_members`, which the planner cannot inline (an
 * aggregate), so every watch parsed and planned its body again. Nothing of
 * what is written changes:
 * - `risk_held_members` becomes PL/pgSQL, whose plan each connection keeps;
 * - ledger_post changes the member accounts of a transaction that only pays
 *   members (a reward with its commissions, a deposit) in one statement, in
 *   the same (user, kind) order as before; a transaction that takes from a
 *   member goes account by account as before;
 * - the system accounts are looked up in the statement that writes the
 *   postings, and the gate's setting and the answer are plain assignments,
 *   not queries.
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
    -- Funding legs resolved: the amount to fund and what sponsor_funds gives.
    v_need bigint := 0;
    v_take bigint := 0;
    v_part bigint;
    v_sponsor bigint;
    v_i integer;
    v_writer text;
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
      transaction_id := v_tx;
      replayed := true;
      RETURN NEXT;
      RETURN;
    END IF;

    -- A leg from 'funding' (contract section 11) is paid by sponsor_funds
    -- while it holds money and by club_revenue for the rest: renamed in
    -- place, or split in two (the rest as one more leg) when sponsor funds
    -- run out within it. Only while sponsor_funds holds money is its row
    -- locked, until commit, so that no two payouts spend the same money.
    IF 'funding' = ANY(p_from_kind) THEN
      -- Read without a lock: while sponsor funds are empty payouts never queue on the row.
      SELECT a.balance INTO v_sponsor FROM ledger_accounts a
      WHERE a.user_id IS NULL AND a.kind = 'sponsor_funds';
      IF v_sponsor > 0 THEN
        FOR v_i IN 1 .. cardinality(p_amount) LOOP
          IF p_from_user[v_i] IS NULL AND p_from_kind[v_i] = 'funding' THEN
            v_need := v_need + p_amount[v_i];
          END IF;
        END LOOP;
        SELECT a.balance INTO v_sponsor FROM ledger_accounts a
        WHERE a.user_id IS NULL AND a.kind = 'sponsor_funds' FOR UPDATE;
        v_take := LEAST(v_sponsor, v_need);
      END IF;
      FOR v_i IN 1 .. cardinality(p_amount) LOOP
        IF p_from_user[v_i] IS NULL AND p_from_kind[v_i] = 'funding' THEN
          v_part := LEAST(v_take, p_amount[v_i]);
          v_take := v_take - v_part;
          IF v_part = 0 THEN
            p_from_kind[v_i] := 'club_revenue';
          ELSIF v_part = p_amount[v_i] THEN
            p_from_kind[v_i] := 'sponsor_funds';
          ELSE
            p_from_user := p_from_user || NULL::integer;
            p_from_kind := p_from_kind || 'club_revenue'::text;
            p_to_user := p_to_user || p_to_user[v_i];
            p_to_kind := p_to_kind || p_to_kind[v_i];
            p_currency := p_currency || p_currency[v_i];
            p_amount := p_amount || (p_amount[v_i] - v_part);
            p_from_kind[v_i] := 'sponsor_funds';
            p_amount[v_i] := v_part;
          END IF;
        END IF;
      END LOOP;
    END IF;

    -- Member accounts, each changed once by this transaction's sum on it, in
    -- (user, kind) order, so that transactions on the same accounts lock them
    -- in one order. A transaction that only pays members (a reward and its
    -- commissions, a deposit: the hot paths) changes them in one statement;
    -- one that takes from a member goes account by account, each debit
    -- refused below zero (an INSERT's CHECK would refuse a negative row
    -- before ON CONFLICT could turn it into an update).
    IF cardinality(array_remove(p_from_user, NULL)) = 0 THEN
      WITH x AS (
        SELECT t.u AS user_id, t.k AS kind, t.c AS currency, SUM(t.a) AS delta
        FROM unnest(p_to_user, p_to_kind, p_currency, p_amount) AS t(u, k, c, a)
        WHERE t.u IS NOT NULL GROUP BY 1, 2, 3
      ), e AS (
        SELECT t.u AS user_id, SUM(t.r) AS rewards, SUM(t.c) AS commissions
        FROM unnest(p_earn_user, p_earn_rewards, p_earn_commissions) AS t(u, r, c) GROUP BY 1
      ), changed AS (
        INSERT INTO ledger_accounts AS a (user_id, kind, currency, balance, earned_rewards, earned_commissions)
        SELECT x.user_id, x.kind, x.currency, x.delta, COALESCE(e.rewards, 0), COALESCE(e.commissions, 0)
        FROM x LEFT JOIN e ON e.user_id = x.user_id AND x.kind = 'money'
        ORDER BY x.user_id, x.kind
        ON CONFLICT (user_id, kind) WHERE user_id IS NOT NULL
        DO UPDATE SET balance = a.balance + EXCLUDED.balance,
          earned_rewards = a.earned_rewards + EXCLUDED.earned_rewards,
          earned_commissions = a.earned_commissions + EXCLUDED.earned_commissions
        RETURNING a.user_id, a.kind::text, a.id, a.currency::text, a.balance
      )
      SELECT COALESCE(array_agg(c.user_id), '{}'), COALESCE(array_agg(c.kind), '{}'),
             COALESCE(array_agg(c.id), '{}'), COALESCE(array_agg(c.currency), '{}'),
             COALESCE(array_agg(c.balance), '{}')
      INTO v_users, v_kinds, v_ids, v_currencies, v_balances FROM changed c;
    ELSE
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
    END IF;
    -- sponsor_funds keeps its balance, never below zero: what it takes in
    -- (sponsors' money, four eyes) and what funding legs draw from it.
    IF 'sponsor_funds' = ANY(p_from_kind || p_to_kind) THEN
      v_part := 0;
      FOR v_i IN 1 .. cardinality(p_amount) LOOP
        IF p_to_user[v_i] IS NULL AND p_to_kind[v_i] = 'sponsor_funds' THEN
          v_part := v_part + p_amount[v_i];
        END IF;
        IF p_from_user[v_i] IS NULL AND p_from_kind[v_i] = 'sponsor_funds' THEN
          v_part := v_part - p_amount[v_i];
        END IF;
      END LOOP;
      UPDATE ledger_accounts a SET balance = a.balance + v_part
      WHERE a.user_id IS NULL AND a.kind = 'sponsor_funds' AND a.balance + v_part >= 0
      RETURNING a.id INTO v_id;
      IF v_id IS NULL THEN
        RAISE EXCEPTION 'INSUFFICIENT_FUNDS' USING ERRCODE = 'P0001';
      END IF;
      v_id := NULL;
    END IF;

    -- Each leg is two postings of opposite amounts, so every transaction
    -- balances; a leg whose accounts are unknown or of two currencies
    -- (each checked against the leg's currency) is not written, and then
    -- the count below refuses the whole transaction. A member posting's
    -- balance_after is the account's new balance less what this
    -- transaction's later postings on it add.
    v_writer := set_config('ledger.writer', 'ledger_post', true);
    WITH accounts AS (
      SELECT u AS user_id, k AS kind, id, c AS currency, b AS balance
      FROM unnest(v_users, v_kinds, v_ids, v_currencies, v_balances) AS t(u, k, id, c, b)
      UNION ALL
      -- System accounts keep no balance (sponsor_funds's, kept above, is not a posting's).
      SELECT NULL, a.kind::text, a.id, a.currency::text, NULL FROM ledger_accounts a
      WHERE a.user_id IS NULL AND a.kind = ANY (p_from_kind || p_to_kind)
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
    v_writer := set_config('ledger.writer', '', true);
    IF v_written <> 2 * cardinality(p_amount) THEN
      RAISE EXCEPTION 'ledger posting names an unknown account or mixes currencies';
    END IF;

    transaction_id := v_tx;
    replayed := false;
    RETURN NEXT;
  END $$`;

const RISK_HELD_MEMBERS = (language: 'sql' | 'plpgsql') => `
  CREATE OR REPLACE FUNCTION risk_held_members(p_user_ids integer[]) RETURNS integer[]
  LANGUAGE ${language} STABLE AS $$
    ${language === 'plpgsql' ? 'BEGIN RETURN (' : ''}
    SELECT COALESCE(array_agg(m.user_id ORDER BY m.user_id), '{}')
    FROM risk_ring_members m JOIN risk_rings r ON r.id = m.ring_id
    WHERE m.user_id = ANY (p_user_ids) AND r.status IN ('open', 'reversed')
    ${language === 'plpgsql' ? '); END' : ''}
  $$`;

export class CheaperWatchPosting1767000400000 implements MigrationInterface {
  name = 'CheaperWatchPosting1767000400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(RISK_HELD_MEMBERS('plpgsql'));
    await q.query(LEDGER_POST);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(PREVIOUS_LEDGER_POST);
    await q.query(RISK_HELD_MEMBERS('sql'));
  }
}
