import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One ledger transaction in one round trip. The ledger service (the only
 * caller) validates the transfers and decides the earnings; this function
 * applies them atomically: the idempotency check, each member account's net
 * change and earnings in a fixed order (debits only while the balance stays
 * >= 0), and the postings. It locks nothing but the accounts it moves.
 */
export class LedgerPostFunction1763900000000 implements MigrationInterface {
  name = 'LedgerPostFunction1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION ledger_post(
        p_key text, p_kind text, p_fingerprint text, p_user_id integer, p_memo jsonb,
        p_from_user integer[], p_from_kind text[], p_to_user integer[], p_to_kind text[],
        p_currency text[], p_amount bigint[],
        p_earn_user integer[], p_earn_rewards bigint[], p_earn_commissions bigint[]
      ) RETURNS TABLE (transaction_id bigint, replayed boolean) LANGUAGE plpgsql AS $$
      DECLARE
        v_tx bigint;
        v_fingerprint text;
        v_id bigint;
        r record;
        -- Account ids resolved once: (user or NULL for system, kind) -> id.
        v_users integer[] := '{}';
        v_kinds text[] := '{}';
        v_ids bigint[] := '{}';
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
            RETURNING id INTO v_id;
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
            RETURNING id INTO v_id;
          END IF;
          v_users := v_users || r.user_id;
          v_kinds := v_kinds || r.kind::text;
          v_ids := v_ids || v_id;
          v_id := NULL;
        END LOOP;
        FOR r IN
          SELECT a.id, a.kind FROM ledger_accounts a
          WHERE a.user_id IS NULL AND a.kind IN (
            SELECT p_from_kind[i] FROM generate_subscripts(p_amount, 1) AS i WHERE p_from_user[i] IS NULL
            UNION SELECT p_to_kind[i] FROM generate_subscripts(p_amount, 1) AS i WHERE p_to_user[i] IS NULL)
        LOOP
          v_users := v_users || NULL::integer;
          v_kinds := v_kinds || r.kind::text;
          v_ids := v_ids || r.id;
        END LOOP;

        WITH accounts AS (
          SELECT u AS user_id, k AS kind, id FROM unnest(v_users, v_kinds, v_ids) AS t(u, k, id)
        ),
        legs AS (
          SELECT i, p_from_user[i] AS fu, p_from_kind[i] AS fk, p_to_user[i] AS tu, p_to_kind[i] AS tk, p_amount[i] AS amount
          FROM generate_subscripts(p_amount, 1) AS i
        )
        INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount)
        SELECT v_tx, x.account_id, x.contra_id, x.amount FROM (
          SELECT l.i, 0 AS leg, f.id AS account_id, t.id AS contra_id, -l.amount AS amount
          FROM legs l
          JOIN accounts f ON f.kind = l.fk AND f.user_id IS NOT DISTINCT FROM l.fu
          JOIN accounts t ON t.kind = l.tk AND t.user_id IS NOT DISTINCT FROM l.tu
          UNION ALL
          SELECT l.i, 1, t.id, f.id, l.amount
          FROM legs l
          JOIN accounts f ON f.kind = l.fk AND f.user_id IS NOT DISTINCT FROM l.fu
          JOIN accounts t ON t.kind = l.tk AND t.user_id IS NOT DISTINCT FROM l.tu
        ) x ORDER BY x.i, x.leg;

        RETURN QUERY SELECT v_tx, false;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP FUNCTION ledger_post(text, text, text, integer, jsonb, integer[], text[], integer[], text[], text[], bigint[], integer[], bigint[], bigint[])`,
    );
  }
}
