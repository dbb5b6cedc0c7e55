import { MigrationInterface, QueryRunner } from 'typeorm';
import { LedgerPostFunction1763900000000 } from './1763900000000-ledger-post-function';

/**
 * ledger_post checks what the statement trigger on ledger_postings checked
 * after every insert (each leg names two existing accounts of one currency;
 * every transaction balances, which its paired legs make true by
 * construction), and the trigger becomes a cheap gate: postings are written
 * by ledger_post alone. The trigger's transition table and two joins cost
 * about a sixth of a trailer reward's database time (docs/decisions.md, "Hot
 * paths"). The gate is a transaction-local setting ledger_post raises around
 * its one insert: it stops a mistaken INSERT, not a superuser set on harm.
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
    v_written integer;
    r record;
    -- Accounts resolved once: (user or NULL for system, kind) -> id, currency.
    v_users integer[] := '{}';
    v_kinds text[] := '{}';
    v_ids bigint[] := '{}';
    v_currencies text[] := '{}';
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
        RETURNING id, currency INTO v_id, v_currency;
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
        RETURNING id, currency INTO v_id, v_currency;
      END IF;
      v_users := v_users || r.user_id;
      v_kinds := v_kinds || r.kind::text;
      v_ids := v_ids || v_id;
      v_currencies := v_currencies || v_currency;
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
    END LOOP;

    -- Each leg is two postings of opposite amounts, so every transaction
    -- balances; a leg whose accounts are unknown or of two currencies
    -- (each checked against the leg's currency) is not written, and then
    -- the count below refuses the whole transaction.
    PERFORM set_config('ledger.writer', 'ledger_post', true);
    WITH accounts AS (
      SELECT u AS user_id, k AS kind, id, c AS currency FROM unnest(v_users, v_kinds, v_ids, v_currencies) AS t(u, k, id, c)
    ),
    legs AS (
      SELECT i, p_from_user[i] AS fu, p_from_kind[i] AS fk, p_to_user[i] AS tu, p_to_kind[i] AS tk,
             p_currency[i] AS currency, p_amount[i] AS amount
      FROM generate_subscripts(p_amount, 1) AS i
    ),
    resolved AS (
      SELECT l.i, f.id AS from_id, t.id AS to_id, l.amount
      FROM legs l
      JOIN accounts f ON f.kind = l.fk AND f.user_id IS NOT DISTINCT FROM l.fu AND f.currency = l.currency
      JOIN accounts t ON t.kind = l.tk AND t.user_id IS NOT DISTINCT FROM l.tu AND t.currency = l.currency
    )
    INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount)
    SELECT v_tx, x.account_id, x.contra_id, x.amount FROM (
      SELECT i, 0 AS leg, from_id AS account_id, to_id AS contra_id, -amount AS amount FROM resolved
      UNION ALL
      SELECT i, 1, to_id, from_id, amount FROM resolved
    ) x ORDER BY x.i, x.leg;
    GET DIAGNOSTICS v_written = ROW_COUNT;
    PERFORM set_config('ledger.writer', '', true);
    IF v_written <> 2 * cardinality(p_amount) THEN
      RAISE EXCEPTION 'ledger posting names an unknown account or mixes currencies';
    END IF;

    RETURN QUERY SELECT v_tx, false;
  END $$`;

export class LedgerPostChecks1765400000000 implements MigrationInterface {
  name = 'LedgerPostChecks1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(LEDGER_POST);
    await q.query(`DROP TRIGGER ledger_postings_checked ON ledger_postings`);
    await q.query(`DROP FUNCTION ledger_check_postings()`);
    await q.query(`
      CREATE FUNCTION ledger_postings_gate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('ledger.writer', true) IS DISTINCT FROM 'ledger_post' THEN
          RAISE EXCEPTION 'ledger postings are written by ledger_post only';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER ledger_postings_gated BEFORE INSERT ON ledger_postings
                   FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_gate()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER ledger_postings_gated ON ledger_postings`);
    await q.query(`DROP FUNCTION ledger_postings_gate()`);
    // The earlier function and check, as 1763900000000 and 1763800000000 made them.
    const earlier = new LedgerPostFunction1763900000000();
    await earlier.down(q);
    await earlier.up(q);
    await q.query(`
      CREATE FUNCTION ledger_check_postings() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (
          SELECT 1 FROM new_postings p
          LEFT JOIN ledger_accounts a ON a.id = p.account_id
          LEFT JOIN ledger_accounts c ON c.id = p.contra_account_id
          WHERE a.id IS NULL OR c.id IS NULL OR a.currency <> c.currency
        ) THEN
          RAISE EXCEPTION 'ledger posting names an unknown account or mixes currencies';
        END IF;
        IF EXISTS (
          SELECT 1 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE p.transaction_id IN (SELECT DISTINCT transaction_id FROM new_postings)
          GROUP BY p.transaction_id, a.currency HAVING SUM(p.amount) <> 0
        ) THEN
          RAISE EXCEPTION 'ledger transaction does not balance';
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER ledger_postings_checked AFTER INSERT ON ledger_postings
                   REFERENCING NEW TABLE AS new_postings FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_postings()`);
  }
}
