import { MigrationInterface, QueryRunner } from 'typeorm';
import { LEDGER_POST as PREVIOUS_LEDGER_POST } from './1766200000000-statement-balances';

/**
 * Funded payouts (issue 37, contract section 11): every reward, commission,
 * promotion and challenge payout is drawn, in its own ledger transaction,
 * from a named funding account. LedgerService adds one transfer from
 * `funding` to `payouts_funded` per transaction that pays members from a
 * payout account; ledger_post resolves it to `sponsor_funds` while that holds
 * money (outside money operators recorded, four eyes) and to `club_revenue`
 * for the rest, so a watch stays one statement. `sponsor_funds` is the one
 * system account that keeps its balance (never negative), so the choice
 * needs no sum over postings; `sponsors` is the outside payers' side of what
 * is recorded.
 *
 * History stays as it was: no posting is written or rewritten here. Payouts
 * before this migration carry no funding transfer; reports count them as paid
 * from club revenue (the club had no sponsor funds then; docs/decisions.md,
 * "Issue 37: the club's money in public"). The four accounts start at zero.
 *
 * Also: outside money recorded (`sponsor_payments`, four eyes through
 * `approvals`, kind `sponsor_funds`).
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

const NEW_ACCOUNTS = ['sponsors', 'sponsor_funds', 'club_revenue', 'payouts_funded'];
const APPROVAL_KINDS = ['withdrawal', 'card_deposit', 'adjustment', 'economy'];

export class FundedPayouts1766900000000 implements MigrationInterface {
  name = 'FundedPayouts1766900000000';

  async up(q: QueryRunner): Promise<void> {
    for (const kind of NEW_ACCOUNTS) {
      await q.query(
        `INSERT INTO ledger_accounts (user_id, kind, currency) VALUES (NULL, $1, 'USDT')`,
        [kind],
      );
    }
    await q.query(`
      ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_sponsor_funds_non_negative
      CHECK (user_id IS NOT NULL OR kind <> 'sponsor_funds' OR balance >= 0)`);
    await q.query(LEDGER_POST);
    await q.query(`ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check`);
    await q.query(
      `ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check CHECK (kind IN (${[
        ...APPROVAL_KINDS,
        'sponsor_funds',
      ]
        .map((k) => `'${k}'`)
        .join(', ')}))`,
    );
    await q.query(`
      CREATE TABLE sponsor_payments (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        amount_micro bigint NOT NULL CHECK (amount_micro > 0),
        payer varchar(100) NOT NULL,
        reference varchar(200) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'recorded', 'rejected')),
        requested_by integer NOT NULL REFERENCES users(id),
        decided_by integer REFERENCES users(id),
        decided_at timestamptz,
        ledger_transaction_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- one record of a payment: the same payer's reference twice is a mistake
        UNIQUE (payer, reference)
      )`);
    await q.query(`CREATE INDEX sponsor_payments_status_idx ON sponsor_payments (status, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sponsor_payments`);
    await q.query(`DELETE FROM approvals WHERE kind = 'sponsor_funds'`);
    await q.query(`ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check`);
    await q.query(
      `ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check CHECK (kind IN (${APPROVAL_KINDS.map(
        (k) => `'${k}'`,
      ).join(', ')}))`,
    );
    await q.query(PREVIOUS_LEDGER_POST);
    await q.query(
      `ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_sponsor_funds_non_negative`,
    );
    // The accounts stay: ledger accounts are never deleted (ledger_accounts_never_deleted).
  }
}
