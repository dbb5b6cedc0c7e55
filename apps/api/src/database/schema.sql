-- The schema the migrations produce (scripts/db-schema.sh). Do not edit: change
-- a migration, run `pnpm db:schema` and commit both.

CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE FUNCTION public.audit_log_append_only() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$;

CREATE FUNCTION public.audit_log_link() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO 'public', 'pg_temp'
    AS $$
      DECLARE
        head audit_chain_head%ROWTYPE;
      BEGIN
        SELECT * INTO head FROM audit_chain_head FOR UPDATE;
        NEW.chain_seq := head.last_seq + 1;
        NEW.prev_hash := head.last_hash;
        NEW.hash := audit_row_hash(NEW.prev_hash, NEW.chain_seq, NEW.id, NEW.actor_id, NEW.action,
          NEW.target_user_id, NEW.details, NEW.created_at);
        UPDATE audit_chain_head SET last_seq = NEW.chain_seq, last_hash = NEW.hash;
        RETURN NEW;
      END $$;

CREATE FUNCTION public.audit_row_hash(p_prev text, p_seq bigint, p_id bigint, p_actor integer, p_action text, p_target integer, p_details jsonb, p_created timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE
    AS $$
        SELECT encode(sha256(convert_to(concat_ws('|',
          p_prev, p_seq::text, p_id::text, p_actor::text, p_action, coalesce(p_target::text, ''),
          p_details::text,
          to_char(p_created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex')
      $$;

CREATE FUNCTION public.chain_deposits_total_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          DECLARE delta bigint := -(SELECT coalesce(sum(amount_micro), 0) FROM old_rows);
          BEGIN
            -- An update of other columns (a deposit's ledger transaction) moves no amount.
            IF delta <> 0 THEN
              UPDATE deposit_totals SET credited_micro = credited_micro + delta;
            END IF;
            RETURN NULL;
          END $$;

CREATE FUNCTION public.chain_deposits_total_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          DECLARE delta bigint := (SELECT coalesce(sum(amount_micro), 0) FROM new_rows);
          BEGIN
            -- An update of other columns (a deposit's ledger transaction) moves no amount.
            IF delta <> 0 THEN
              UPDATE deposit_totals SET credited_micro = credited_micro + delta;
            END IF;
            RETURN NULL;
          END $$;

CREATE FUNCTION public.chain_deposits_total_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          DECLARE delta bigint := (SELECT coalesce(sum(amount_micro), 0) FROM new_rows) - (SELECT coalesce(sum(amount_micro), 0) FROM old_rows);
          BEGIN
            -- An update of other columns (a deposit's ledger transaction) moves no amount.
            IF delta <> 0 THEN
              UPDATE deposit_totals SET credited_micro = credited_micro + delta;
            END IF;
            RETURN NULL;
          END $$;

CREATE FUNCTION public.ledger_member_summary(p_user_id integer) RETURNS TABLE(money bigint, points bigint, points_hold bigint, earned_rewards bigint, earned_commissions bigint)
    LANGUAGE sql STABLE
    AS $$
        SELECT COALESCE(SUM(balance) FILTER (WHERE kind = 'money'), 0)::bigint,
               COALESCE(SUM(balance) FILTER (WHERE kind = 'points'), 0)::bigint,
               COALESCE(SUM(balance) FILTER (WHERE kind = 'points_hold'), 0)::bigint,
               COALESCE(SUM(earned_rewards) FILTER (WHERE kind = 'money'), 0)::bigint,
               COALESCE(SUM(earned_commissions) FILTER (WHERE kind = 'money'), 0)::bigint
        FROM ledger_accounts WHERE user_id = p_user_id
      $$;

CREATE FUNCTION public.ledger_post(p_key text, p_kind text, p_fingerprint text, p_user_id integer, p_memo jsonb, p_from_user integer[], p_from_kind text[], p_to_user integer[], p_to_kind text[], p_currency text[], p_amount bigint[], p_earn_user integer[], p_earn_rewards bigint[], p_earn_commissions bigint[]) RETURNS TABLE(transaction_id bigint, replayed boolean)
    LANGUAGE plpgsql
    AS $$
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
  END $$;

CREATE FUNCTION public.ledger_postings_gate() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        IF current_setting('ledger.writer', true) IS DISTINCT FROM 'ledger_post' THEN
          RAISE EXCEPTION 'ledger postings are written by ledger_post only';
        END IF;
        RETURN NULL;
      END $$;

CREATE FUNCTION public.ledger_refuse_change() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
      END $$;

CREATE FUNCTION public.member_invite_chains(p_user_ids integer[]) RETURNS TABLE(id integer, inviter_id integer, inviter2_id integer, inviter3_id integer)
    LANGUAGE sql STABLE
    AS $$
        SELECT u.id, u.inviter_id, u.inviter2_id, u.inviter3_id FROM users u WHERE u.id = ANY (p_user_ids)
      $$;

CREATE FUNCTION public.member_watch_profile(p_user_id integer) RETURNS TABLE(vip_level smallint, vip_expire timestamp with time zone, uplines json)
    LANGUAGE sql STABLE
    AS $$
        SELECT u.vip_level, u.vip_expire,
          (SELECT COALESCE(json_agg(json_build_object('id', x.id, 'depth', x.depth) ORDER BY x.depth), '[]')
           FROM (VALUES (i1.id, i1.is_active, 1), (i2.id, i2.is_active, 2), (i3.id, i3.is_active, 3)) AS x(id, active, depth)
           WHERE x.active)
        FROM users u
        LEFT JOIN users i1 ON i1.id = u.inviter_id
        LEFT JOIN users i2 ON i2.id = i1.inviter_id
        LEFT JOIN users i3 ON i3.id = i2.inviter_id
        WHERE u.id = p_user_id
      $$;

CREATE FUNCTION public.moment_author(p_user_id integer) RETURNS TABLE(nickname character varying, vip_level smallint, vip_expire timestamp with time zone)
    LANGUAGE sql STABLE
    AS $$
        SELECT nickname, vip_level, vip_expire FROM users WHERE id = p_user_id
      $$;

CREATE FUNCTION public.risk_held_members(p_user_ids integer[]) RETURNS integer[]
    LANGUAGE plpgsql STABLE
    AS $$
    BEGIN RETURN (
    SELECT COALESCE(array_agg(m.user_id ORDER BY m.user_id), '{}')
    FROM risk_ring_members m JOIN risk_rings r ON r.id = m.ring_id
    WHERE m.user_id = ANY (p_user_ids) AND r.status IN ('open', 'reversed')
    ); END
  $$;

CREATE FUNCTION public.sweeps_total_delete() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          DECLARE delta bigint := -(SELECT coalesce(sum(amount_micro), 0) FROM old_rows);
          BEGIN
            -- An update of other columns (a deposit's ledger transaction) moves no amount.
            IF delta <> 0 THEN
              UPDATE deposit_totals SET swept_micro = swept_micro + delta;
            END IF;
            RETURN NULL;
          END $$;

CREATE FUNCTION public.sweeps_total_insert() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          DECLARE delta bigint := (SELECT coalesce(sum(amount_micro), 0) FROM new_rows);
          BEGIN
            -- An update of other columns (a deposit's ledger transaction) moves no amount.
            IF delta <> 0 THEN
              UPDATE deposit_totals SET swept_micro = swept_micro + delta;
            END IF;
            RETURN NULL;
          END $$;

CREATE FUNCTION public.sweeps_total_update() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
          DECLARE delta bigint := (SELECT coalesce(sum(amount_micro), 0) FROM new_rows) - (SELECT coalesce(sum(amount_micro), 0) FROM old_rows);
          BEGIN
            -- An update of other columns (a deposit's ledger transaction) moves no amount.
            IF delta <> 0 THEN
              UPDATE deposit_totals SET swept_micro = swept_micro + delta;
            END IF;
            RETURN NULL;
          END $$;

CREATE FUNCTION public.users_access_notify() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        PERFORM pg_notify('user_access',
          json_build_object('id', NEW.id, 'active', NEW.is_active, 'role', NEW.role)::text);
        RETURN NULL;
      END $$;

CREATE FUNCTION public.users_set_uplines() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
      BEGIN
        SELECT u.inviter_id, u.inviter2_id INTO NEW.inviter2_id, NEW.inviter3_id
        FROM users u WHERE u.id = NEW.inviter_id;
        RETURN NEW;
      END $$;

CREATE TABLE public.adjustment_requests (
    id bigint NOT NULL,
    request_key character varying(160) NOT NULL,
    requested_by integer NOT NULL,
    user_id integer NOT NULL,
    account character varying(16) NOT NULL,
    amount_micro bigint NOT NULL,
    reason text NOT NULL,
    status character varying(16) DEFAULT 'pending'::character varying NOT NULL,
    decided_by integer,
    decided_at timestamp with time zone,
    ledger_transaction_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT adjustment_requests_account_check CHECK (((account)::text = ANY ((ARRAY['money'::character varying, 'points'::character varying])::text[]))),
    CONSTRAINT adjustment_requests_amount_micro_check CHECK ((amount_micro <> 0)),
    CONSTRAINT adjustment_requests_check CHECK ((requested_by <> user_id)),
    CONSTRAINT adjustment_requests_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'approved'::character varying, 'rejected'::character varying])::text[])))
);

ALTER TABLE public.adjustment_requests ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.adjustment_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.app_settings (
    key character varying(64) NOT NULL,
    value text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.approvals (
    id bigint NOT NULL,
    kind character varying(16) NOT NULL,
    subject_id bigint NOT NULL,
    member_id integer,
    operator_id integer NOT NULL,
    operator_role character varying(16) NOT NULL,
    amount_micro bigint DEFAULT 0 NOT NULL,
    over_cap boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    voided_at timestamp with time zone,
    CONSTRAINT approvals_amount_micro_check CHECK ((amount_micro >= 0)),
    CONSTRAINT approvals_check CHECK (((member_id IS NULL) OR (member_id <> operator_id))),
    CONSTRAINT approvals_kind_check CHECK (((kind)::text = ANY ((ARRAY['withdrawal'::character varying, 'card_deposit'::character varying, 'adjustment'::character varying, 'economy'::character varying, 'sponsor_funds'::character varying, 'risk_ring'::character varying])::text[])))
);

ALTER TABLE public.approvals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.approvals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.audit_chain_head (
    id boolean DEFAULT true NOT NULL,
    last_seq bigint NOT NULL,
    last_hash character(64) NOT NULL,
    CONSTRAINT audit_chain_head_id_check CHECK (id)
);

CREATE TABLE public.audit_log (
    id bigint NOT NULL,
    actor_id integer NOT NULL,
    action character varying(64) NOT NULL,
    target_user_id integer,
    details jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    chain_seq bigint NOT NULL,
    prev_hash character(64) NOT NULL,
    hash character(64) NOT NULL,
    trace_id character(32)
);

ALTER TABLE public.audit_log ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.audit_log_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.audit_published_heads (
    proof_id bigint NOT NULL,
    chain_seq bigint NOT NULL,
    hash character(64) NOT NULL,
    sig character(128) NOT NULL,
    published_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.audit_signatures (
    chain_seq bigint NOT NULL,
    sig character(128) NOT NULL
);

CREATE TABLE public.auth_sessions (
    id uuid NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    revoked_at timestamp with time zone,
    revoked_reason character varying(32),
    ip character varying(64)
);

CREATE TABLE public.balance_records (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    type character varying(16) NOT NULL,
    is_add boolean NOT NULL,
    amount_micro bigint NOT NULL,
    fee_micro bigint DEFAULT 0 NOT NULL,
    status character varying(16) NOT NULL,
    tx_id character varying(64),
    wallet character varying(64),
    reason text,
    ledger_transaction_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    failure character varying(16),
    approved_at timestamp with time zone,
    CONSTRAINT balance_records_amount_micro_check CHECK (((amount_micro > 0) OR ((amount_micro = 0) AND ((status)::text <> 'success'::text)))),
    CONSTRAINT balance_records_failure_check CHECK (((failure)::text = ANY ((ARRAY['refused'::character varying, 'cancelled'::character varying, 'failed'::character varying])::text[]))),
    CONSTRAINT balance_records_failure_status_check CHECK ((((status)::text = 'fail'::text) = (failure IS NOT NULL))),
    CONSTRAINT balance_records_fee_micro_check CHECK ((fee_micro >= 0)),
    CONSTRAINT balance_records_status_check CHECK (((status)::text = ANY ((ARRAY['under_review'::character varying, 'success'::character varying, 'fail'::character varying])::text[]))),
    CONSTRAINT balance_records_type_check CHECK (((type)::text = ANY ((ARRAY['deposit'::character varying, 'withdrawal'::character varying, 'adjustment'::character varying, 'card'::character varying])::text[])))
);

ALTER TABLE public.balance_records ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.balance_records_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.banners (
    id integer NOT NULL,
    image_url character varying(500) NOT NULL,
    link character varying(500),
    sort_order integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    lang character varying(2),
    CONSTRAINT banners_lang_check CHECK (((lang)::text = ANY ((ARRAY['ru'::character varying, 'en'::character varying, 'uz'::character varying])::text[])))
);

ALTER TABLE public.banners ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.banners_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.card_deposits (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    record_id bigint NOT NULL,
    currency character varying(3) NOT NULL,
    amount numeric(18,2) NOT NULL,
    receipt_key text NOT NULL,
    status character varying(16) DEFAULT 'under_review'::character varying NOT NULL,
    credited_micro bigint,
    reason text,
    decided_by integer,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT card_deposits_amount_check CHECK ((amount > (0)::numeric)),
    CONSTRAINT card_deposits_credited_micro_check CHECK ((credited_micro > 0)),
    CONSTRAINT card_deposits_currency_check CHECK (((currency)::text = ANY ((ARRAY['USD'::character varying, 'RUB'::character varying, 'UZS'::character varying])::text[]))),
    CONSTRAINT card_deposits_status_check CHECK (((status)::text = ANY ((ARRAY['under_review'::character varying, 'success'::character varying, 'fail'::character varying])::text[])))
);

ALTER TABLE public.card_deposits ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.card_deposits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.chain_cursors (
    name character varying(32) NOT NULL,
    block_number bigint NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    caught_up_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chain_cursors_block_number_check CHECK ((block_number >= 0))
);

CREATE TABLE public.chain_deposits (
    id bigint NOT NULL,
    tx_id character(64) NOT NULL,
    log_index integer NOT NULL,
    user_id integer NOT NULL,
    from_address character varying(34) NOT NULL,
    amount_micro bigint NOT NULL,
    block_number bigint NOT NULL,
    block_time timestamp with time zone,
    source character varying(8) NOT NULL,
    ledger_transaction_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT chain_deposits_amount_micro_check CHECK ((amount_micro > 0)),
    CONSTRAINT chain_deposits_log_index_check CHECK ((log_index >= 0)),
    CONSTRAINT chain_deposits_source_check CHECK (((source)::text = ANY ((ARRAY['scan'::character varying, 'claim'::character varying])::text[])))
);

ALTER TABLE public.chain_deposits ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.chain_deposits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.challenge_claims (
    challenge_id integer NOT NULL,
    user_id integer NOT NULL,
    ledger_transaction_id bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.challenges (
    id integer NOT NULL,
    title character varying(200) NOT NULL,
    text text DEFAULT ''::text NOT NULL,
    image_url character varying(500) DEFAULT ''::character varying NOT NULL,
    kind character varying(16) NOT NULL,
    goal bigint NOT NULL,
    reward_micro bigint NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    published boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT challenges_check CHECK ((ends_at > starts_at)),
    CONSTRAINT challenges_goal_check CHECK ((goal > 0)),
    CONSTRAINT challenges_kind_check CHECK (((kind)::text = ANY ((ARRAY['trailers'::character varying, 'team_vip1'::character varying, 'deposits'::character varying])::text[]))),
    CONSTRAINT challenges_reward_micro_check CHECK ((reward_micro > 0))
);

ALTER TABLE public.challenges ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.challenges_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.deposit_activity (
    address character varying(34) NOT NULL,
    user_id integer NOT NULL,
    block_number bigint NOT NULL,
    noted_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.deposit_addresses (
    user_id integer NOT NULL,
    address character varying(34) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.deposit_gaps (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    address character varying(34) NOT NULL,
    chain_in_micro bigint NOT NULL,
    credited_micro bigint NOT NULL,
    chain_out_micro bigint NOT NULL,
    swept_micro bigint NOT NULL,
    as_of_block bigint NOT NULL,
    status character varying(8) DEFAULT 'open'::character varying NOT NULL,
    found_at timestamp with time zone DEFAULT now() NOT NULL,
    checked_at timestamp with time zone DEFAULT now() NOT NULL,
    closed_at timestamp with time zone,
    resolved_by integer,
    note character varying(500),
    CONSTRAINT deposit_gaps_resolution CHECK ((((status)::text = 'resolved'::text) = ((resolved_by IS NOT NULL) AND (note IS NOT NULL)))),
    CONSTRAINT deposit_gaps_status_check CHECK (((status)::text = ANY ((ARRAY['open'::character varying, 'closed'::character varying, 'resolved'::character varying])::text[])))
);

ALTER TABLE public.deposit_gaps ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.deposit_gaps_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.deposit_totals (
    id boolean DEFAULT true NOT NULL,
    credited_micro bigint NOT NULL,
    swept_micro bigint NOT NULL,
    CONSTRAINT deposit_totals_id_check CHECK (id)
);

CREATE TABLE public.economy_baselines (
    target character varying(16) NOT NULL,
    target_id integer NOT NULL,
    value jsonb NOT NULL,
    change_id bigint,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT economy_baselines_target_check CHECK (((target)::text = ANY ((ARRAY['package'::character varying, 'team_rates'::character varying, 'challenge'::character varying, 'campaign'::character varying])::text[])))
);

CREATE TABLE public.economy_changes (
    id bigint NOT NULL,
    target character varying(16) NOT NULL,
    target_id integer,
    before jsonb,
    after jsonb NOT NULL,
    proposed_by integer NOT NULL,
    status character varying(16) DEFAULT 'pending'::character varying NOT NULL,
    decided_by integer,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    baseline jsonb,
    CONSTRAINT economy_changes_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'approved'::character varying, 'rejected'::character varying])::text[]))),
    CONSTRAINT economy_changes_target_check CHECK (((target)::text = ANY ((ARRAY['package'::character varying, 'team_rates'::character varying, 'challenge'::character varying, 'campaign'::character varying, 'card'::character varying, 'support_url'::character varying, 'card_rates'::character varying])::text[])))
);

ALTER TABLE public.economy_changes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.economy_changes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.foreign_deposits (
    id bigint NOT NULL,
    tx_id character(64) NOT NULL,
    log_index integer NOT NULL,
    user_id integer NOT NULL,
    asset character varying(34) NOT NULL,
    from_address character varying(34),
    amount numeric(78,0) NOT NULL,
    block_number bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT foreign_deposits_amount_check CHECK ((amount >= (0)::numeric)),
    CONSTRAINT foreign_deposits_log_index_check CHECK ((log_index >= '-1'::integer))
);

ALTER TABLE public.foreign_deposits ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.foreign_deposits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.held_deposits (
    id bigint NOT NULL,
    tx_id character(64) NOT NULL,
    log_index integer NOT NULL,
    user_id integer NOT NULL,
    from_address character varying(34) NOT NULL,
    to_address character varying(34) NOT NULL,
    amount_micro bigint NOT NULL,
    block_number bigint NOT NULL,
    block_time timestamp with time zone,
    reason text NOT NULL,
    status character varying(10) DEFAULT 'held'::character varying NOT NULL,
    checked_at timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    credited_at timestamp with time zone,
    dismissed_by integer,
    dismissed_at timestamp with time zone,
    note character varying(500),
    CONSTRAINT held_deposits_amount_micro_check CHECK ((amount_micro > 0)),
    CONSTRAINT held_deposits_dismissal CHECK (
CASE status
    WHEN 'dismissed'::text THEN ((dismissed_by IS NOT NULL) AND (dismissed_at IS NOT NULL) AND (note IS NOT NULL))
    WHEN 'held'::text THEN ((dismissed_by IS NULL) AND (dismissed_at IS NULL) AND (note IS NULL))
    ELSE ((dismissed_by IS NULL) = (dismissed_at IS NULL))
END),
    CONSTRAINT held_deposits_log_index_check CHECK ((log_index >= 0)),
    CONSTRAINT held_deposits_status_check CHECK (((status)::text = ANY ((ARRAY['held'::character varying, 'credited'::character varying, 'dismissed'::character varying])::text[])))
);

ALTER TABLE public.held_deposits ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.held_deposits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.idempotency_keys (
    user_id integer NOT NULL,
    key character varying(100) NOT NULL,
    fingerprint character(64) NOT NULL,
    status smallint,
    answer text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    completed_at timestamp with time zone
);

CREATE TABLE public.ledger_accounts (
    id bigint NOT NULL,
    user_id integer,
    kind character varying(32) NOT NULL,
    currency character varying(8) NOT NULL,
    balance bigint DEFAULT 0 NOT NULL,
    earned_rewards bigint DEFAULT 0 NOT NULL,
    earned_commissions bigint DEFAULT 0 NOT NULL,
    CONSTRAINT ledger_accounts_currency_check CHECK (((currency)::text = ANY ((ARRAY['USDT'::character varying, 'POINTS'::character varying])::text[]))),
    CONSTRAINT ledger_accounts_earned_commissions_check CHECK ((earned_commissions >= 0)),
    CONSTRAINT ledger_accounts_earned_rewards_check CHECK ((earned_rewards >= 0)),
    CONSTRAINT ledger_accounts_member_non_negative CHECK (((user_id IS NULL) OR (balance >= 0))),
    CONSTRAINT ledger_accounts_sponsor_funds_non_negative CHECK (((user_id IS NOT NULL) OR ((kind)::text <> 'sponsor_funds'::text) OR (balance >= 0)))
);

ALTER TABLE public.ledger_accounts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ledger_accounts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.ledger_audit_findings (
    subject character varying(16) NOT NULL,
    subject_id bigint NOT NULL,
    problem character varying(32) NOT NULL,
    found_by character varying(16) NOT NULL,
    found_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_audit_findings_found_by_check CHECK (((found_by)::text = ANY ((ARRAY['checkpoint'::character varying, 'full'::character varying])::text[]))),
    CONSTRAINT ledger_audit_findings_subject_check CHECK (((subject)::text = ANY ((ARRAY['transaction'::character varying, 'account'::character varying])::text[])))
);

CREATE TABLE public.ledger_checkpoint_accounts (
    account_id bigint NOT NULL,
    balance bigint NOT NULL,
    earned_rewards bigint NOT NULL,
    earned_commissions bigint NOT NULL
);

CREATE TABLE public.ledger_checkpoints (
    id bigint NOT NULL,
    previous_id bigint,
    posting_id bigint NOT NULL,
    transaction_id bigint NOT NULL,
    postings bigint NOT NULL,
    transactions bigint NOT NULL,
    totals jsonb DEFAULT '[]'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ledger_checkpoints_posting_id_check CHECK ((posting_id >= 0)),
    CONSTRAINT ledger_checkpoints_postings_check CHECK ((postings >= 0)),
    CONSTRAINT ledger_checkpoints_transaction_id_check CHECK ((transaction_id >= 0)),
    CONSTRAINT ledger_checkpoints_transactions_check CHECK ((transactions >= 0))
);

ALTER TABLE public.ledger_checkpoints ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ledger_checkpoints_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.ledger_daily_rollups (
    day date NOT NULL,
    transaction_kind character varying(32) NOT NULL,
    account_kind character varying(32) NOT NULL,
    system boolean NOT NULL,
    detail character varying(16) DEFAULT ''::character varying NOT NULL,
    currency character varying(8) NOT NULL,
    amount bigint NOT NULL,
    postings bigint NOT NULL
);

CREATE TABLE public.ledger_full_audits (
    id bigint NOT NULL,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone DEFAULT now() NOT NULL,
    through_posting_id bigint NOT NULL,
    balanced boolean NOT NULL,
    consistent boolean NOT NULL,
    result jsonb NOT NULL
);

ALTER TABLE public.ledger_full_audits ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ledger_full_audits_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.ledger_postings (
    id bigint NOT NULL,
    transaction_id bigint NOT NULL,
    account_id bigint NOT NULL,
    contra_account_id bigint NOT NULL,
    amount bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    balance_after bigint,
    CONSTRAINT ledger_postings_amount_check CHECK ((amount <> 0))
);

ALTER TABLE public.ledger_postings ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ledger_postings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.ledger_transactions (
    id bigint NOT NULL,
    idempotency_key character varying(200) NOT NULL,
    kind character varying(32) NOT NULL,
    fingerprint character(64) NOT NULL,
    user_id integer,
    memo jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE public.ledger_transactions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.ledger_transactions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.mail_outbox (
    id bigint NOT NULL,
    kind character varying(16) NOT NULL,
    user_id integer NOT NULL,
    code_id bigint,
    recipient character varying(254) NOT NULL,
    sealed bytea,
    status character varying(8) DEFAULT 'queued'::character varying NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    claimed_at timestamp with time zone,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    CONSTRAINT mail_outbox_code_unless_notice CHECK ((((kind)::text = 'account_notice'::text) = (code_id IS NULL))),
    CONSTRAINT mail_outbox_kind_check CHECK (((kind)::text = ANY ((ARRAY['mail_bind'::character varying, 'password_reset'::character varying, 'account_notice'::character varying])::text[]))),
    CONSTRAINT mail_outbox_sealed_while_pending CHECK ((((status)::text = ANY ((ARRAY['queued'::character varying, 'sending'::character varying])::text[])) = (sealed IS NOT NULL))),
    CONSTRAINT mail_outbox_status_check CHECK (((status)::text = ANY ((ARRAY['queued'::character varying, 'sending'::character varying, 'sent'::character varying, 'failed'::character varying, 'expired'::character varying])::text[])))
);

ALTER TABLE public.mail_outbox ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.mail_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.message_states (
    user_id integer NOT NULL,
    message_id integer NOT NULL,
    read_at timestamp with time zone,
    hidden_at timestamp with time zone
);

CREATE TABLE public.messages (
    id integer NOT NULL,
    user_id integer,
    title jsonb NOT NULL,
    description jsonb DEFAULT '{}'::jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT messages_description_languages CHECK ((jsonb_typeof(description) = 'object'::text)),
    CONSTRAINT messages_title_languages CHECK (((jsonb_typeof(title) = 'object'::text) AND (title <> '{}'::jsonb)))
);

ALTER TABLE public.messages ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.messages_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE SEQUENCE public.migrations_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

CREATE TABLE public.moment_images (
    moment_id bigint NOT NULL,
    "position" smallint NOT NULL,
    url character varying(500) NOT NULL,
    thumb_url character varying(500) NOT NULL,
    width integer NOT NULL,
    height integer NOT NULL,
    CONSTRAINT moment_images_position_check CHECK ((("position" >= 0) AND ("position" <= 8)))
);

CREATE TABLE public.moment_likes (
    moment_id bigint NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.moment_reports (
    moment_id bigint NOT NULL,
    user_id integer NOT NULL,
    reason character varying(200) DEFAULT ''::character varying NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.moments (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    text character varying(500) DEFAULT ''::character varying NOT NULL,
    hidden_at timestamp with time zone,
    hidden_by integer,
    deleted_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE public.moments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.moments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.one_time_codes (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    purpose character varying(16) NOT NULL,
    target character varying(254),
    code_hash character(64) NOT NULL,
    tries integer DEFAULT 0 NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT one_time_codes_purpose_check CHECK (((purpose)::text = ANY ((ARRAY['mail_bind'::character varying, 'password_reset'::character varying])::text[])))
);

ALTER TABLE public.one_time_codes ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.one_time_codes_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.packages (
    vip_level smallint NOT NULL,
    price_micro bigint NOT NULL,
    daily_trailers integer NOT NULL,
    reward_micro bigint NOT NULL,
    membership_days integer NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT packages_daily_trailers_check CHECK ((daily_trailers >= 0)),
    CONSTRAINT packages_membership_days_check CHECK ((membership_days >= 0)),
    CONSTRAINT packages_price_micro_check CHECK ((price_micro >= 0)),
    CONSTRAINT packages_reward_micro_check CHECK ((reward_micro >= 0)),
    CONSTRAINT packages_vip_level_check CHECK (((vip_level >= 0) AND (vip_level <= 9)))
);

CREATE TABLE public.points_holds (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    amount_micro bigint NOT NULL,
    release_at timestamp with time zone NOT NULL,
    released_at timestamp with time zone,
    source character varying(64) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    reversed_at timestamp with time zone,
    CONSTRAINT points_holds_amount_micro_check CHECK ((amount_micro > 0)),
    CONSTRAINT points_holds_settled_once CHECK (((released_at IS NULL) OR (reversed_at IS NULL)))
);

ALTER TABLE public.points_holds ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.points_holds_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.promotion_campaigns (
    id integer NOT NULL,
    name character varying(100) NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    min_vip_level smallint NOT NULL,
    inviter_points_micro bigint NOT NULL,
    member_points_micro bigint NOT NULL,
    hold_days integer NOT NULL,
    names jsonb DEFAULT '{}'::jsonb NOT NULL,
    CONSTRAINT promotion_campaigns_check CHECK ((ends_at > starts_at)),
    CONSTRAINT promotion_campaigns_hold_days_check CHECK ((hold_days >= 0)),
    CONSTRAINT promotion_campaigns_inviter_points_micro_check CHECK ((inviter_points_micro >= 0)),
    CONSTRAINT promotion_campaigns_member_points_micro_check CHECK ((member_points_micro >= 0)),
    CONSTRAINT promotion_campaigns_min_vip_level_check CHECK (((min_vip_level >= 1) AND (min_vip_level <= 9))),
    CONSTRAINT promotion_campaigns_names_check CHECK ((jsonb_typeof(names) = 'object'::text))
);

ALTER TABLE public.promotion_campaigns ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.promotion_campaigns_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.promotion_grants (
    id bigint NOT NULL,
    campaign_id integer NOT NULL,
    member_id integer NOT NULL,
    inviter_id integer NOT NULL,
    status character varying(16) DEFAULT 'pending'::character varying NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    settled_at timestamp with time zone,
    CONSTRAINT promotion_grants_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'done'::character varying])::text[])))
);

ALTER TABLE public.promotion_grants ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.promotion_grants_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.proof_buckets (
    snapshot_id bigint NOT NULL,
    bucket integer NOT NULL,
    root_hash character(64) NOT NULL,
    root_sum bigint NOT NULL,
    leaves bytea NOT NULL,
    CONSTRAINT proof_buckets_bucket_check CHECK ((bucket >= 0)),
    CONSTRAINT proof_buckets_root_sum_check CHECK ((root_sum >= 0))
);

CREATE TABLE public.proof_member_index (
    snapshot_id bigint NOT NULL,
    first_member_id integer NOT NULL,
    entries bytea NOT NULL
);

CREATE TABLE public.proof_reserve_addresses (
    snapshot_id bigint NOT NULL,
    address character varying(34) NOT NULL,
    kind character varying(8) NOT NULL,
    balance_micro bigint NOT NULL,
    CONSTRAINT proof_reserve_addresses_balance_micro_check CHECK ((balance_micro >= 0)),
    CONSTRAINT proof_reserve_addresses_kind_check CHECK (((kind)::text = ANY ((ARRAY['hot'::character varying, 'cold'::character varying, 'deposit'::character varying])::text[])))
);

CREATE TABLE public.proof_snapshots (
    id bigint NOT NULL,
    root_hash character(64) NOT NULL,
    total_micro bigint NOT NULL,
    leaves integer NOT NULL,
    bucket_bits smallint NOT NULL,
    block_number bigint NOT NULL,
    last_block_number bigint NOT NULL,
    hot_wallet_address character varying(34),
    hot_wallet_micro bigint NOT NULL,
    deposit_addresses_micro bigint NOT NULL,
    trigger character varying(8) NOT NULL,
    requested_by integer,
    pruned boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    members integer DEFAULT 0 NOT NULL,
    pending_withdrawals_micro bigint DEFAULT 0 NOT NULL,
    cold_wallet_address character varying(34),
    cold_wallet_micro bigint DEFAULT 0 NOT NULL,
    CONSTRAINT proof_snapshots_block_number_check CHECK ((block_number >= 0)),
    CONSTRAINT proof_snapshots_bucket_bits_check CHECK (((bucket_bits >= 0) AND (bucket_bits <= 20))),
    CONSTRAINT proof_snapshots_check CHECK ((last_block_number >= block_number)),
    CONSTRAINT proof_snapshots_cold_wallet_micro_check CHECK ((cold_wallet_micro >= 0)),
    CONSTRAINT proof_snapshots_deposit_addresses_micro_check CHECK ((deposit_addresses_micro >= 0)),
    CONSTRAINT proof_snapshots_hot_wallet_micro_check CHECK ((hot_wallet_micro >= 0)),
    CONSTRAINT proof_snapshots_leaves_check CHECK ((leaves >= 0)),
    CONSTRAINT proof_snapshots_members_check CHECK ((members >= 0)),
    CONSTRAINT proof_snapshots_pending_withdrawals_micro_check CHECK ((pending_withdrawals_micro >= 0)),
    CONSTRAINT proof_snapshots_total_micro_check CHECK ((total_micro >= 0)),
    CONSTRAINT proof_snapshots_trigger_check CHECK (((trigger)::text = ANY ((ARRAY['schedule'::character varying, 'admin'::character varying])::text[])))
);

ALTER TABLE public.proof_snapshots ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.proof_snapshots_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.refresh_tokens (
    token_hash character(64) NOT NULL,
    session_id uuid NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    used_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.risk_ring_decisions (
    id bigint NOT NULL,
    ring_id integer NOT NULL,
    decision character varying(8) NOT NULL,
    ring_version integer NOT NULL,
    amount_micro bigint NOT NULL,
    requested_by integer NOT NULL,
    status character varying(16) DEFAULT 'pending'::character varying NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT risk_ring_decisions_amount_micro_check CHECK ((amount_micro >= 0)),
    CONSTRAINT risk_ring_decisions_check CHECK ((((status)::text = 'pending'::text) = (decided_at IS NULL))),
    CONSTRAINT risk_ring_decisions_decision_check CHECK (((decision)::text = ANY ((ARRAY['release'::character varying, 'reverse'::character varying])::text[]))),
    CONSTRAINT risk_ring_decisions_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'applied'::character varying, 'superseded'::character varying])::text[])))
);

ALTER TABLE public.risk_ring_decisions ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.risk_ring_decisions_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.risk_ring_members (
    user_id integer NOT NULL,
    ring_id integer NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.risk_rings (
    id integer NOT NULL,
    status character varying(16) DEFAULT 'open'::character varying NOT NULL,
    version integer DEFAULT 1 NOT NULL,
    merged_into integer,
    found_at timestamp with time zone DEFAULT now() NOT NULL,
    changed_at timestamp with time zone DEFAULT now() NOT NULL,
    decided_at timestamp with time zone,
    CONSTRAINT risk_rings_check CHECK (((merged_into IS NULL) OR (merged_into <> id))),
    CONSTRAINT risk_rings_status_check CHECK (((status)::text = ANY ((ARRAY['open'::character varying, 'released'::character varying, 'reversed'::character varying])::text[])))
);

ALTER TABLE public.risk_rings ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.risk_rings_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.risk_signals (
    user_id integer NOT NULL,
    kind character varying(24) NOT NULL,
    value character varying(128) NOT NULL,
    first_seen timestamp with time zone DEFAULT now() NOT NULL,
    last_seen timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT risk_signals_kind_check CHECK (((kind)::text = ANY ((ARRAY['device'::character varying, 'network'::character varying, 'funding_address'::character varying, 'withdrawal_address'::character varying])::text[])))
);

CREATE TABLE public.sponsor_payments (
    id bigint NOT NULL,
    amount_micro bigint NOT NULL,
    payer character varying(100) NOT NULL,
    reference character varying(200) NOT NULL,
    status character varying(10) DEFAULT 'pending'::character varying NOT NULL,
    requested_by integer NOT NULL,
    decided_by integer,
    decided_at timestamp with time zone,
    ledger_transaction_id bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT sponsor_payments_amount_micro_check CHECK ((amount_micro > 0)),
    CONSTRAINT sponsor_payments_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'recorded'::character varying, 'rejected'::character varying])::text[])))
);

ALTER TABLE public.sponsor_payments ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.sponsor_payments_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.staff_requests (
    id bigint NOT NULL,
    target_user_id integer NOT NULL,
    change character varying(16) NOT NULL,
    role character varying(16),
    before_role character varying(16) NOT NULL,
    before_active boolean NOT NULL,
    requested_by integer NOT NULL,
    status character varying(16) DEFAULT 'pending'::character varying NOT NULL,
    decided_by integer,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT staff_requests_change_check CHECK (((change)::text = ANY ((ARRAY['role'::character varying, 'activate'::character varying, 'deactivate'::character varying])::text[]))),
    CONSTRAINT staff_requests_check CHECK ((((change)::text = 'role'::text) = (role IS NOT NULL))),
    CONSTRAINT staff_requests_check1 CHECK ((requested_by <> target_user_id)),
    CONSTRAINT staff_requests_check2 CHECK ((((status)::text = 'pending'::text) = (decided_by IS NULL))),
    CONSTRAINT staff_requests_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'approved'::character varying, 'rejected'::character varying])::text[])))
);

CREATE SEQUENCE public.staff_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.staff_requests_id_seq OWNED BY public.staff_requests.id;

CREATE TABLE public.support_requests (
    id bigint NOT NULL,
    user_id integer,
    phone character varying(32) NOT NULL,
    topic character varying(16) NOT NULL,
    message text NOT NULL,
    lang character varying(2) NOT NULL,
    status character varying(16) DEFAULT 'open'::character varying NOT NULL,
    closed_by integer,
    closed_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT support_requests_check CHECK ((((status)::text = 'open'::text) = (closed_by IS NULL))),
    CONSTRAINT support_requests_lang_check CHECK (((lang)::text = ANY ((ARRAY['ru'::character varying, 'en'::character varying, 'uz'::character varying])::text[]))),
    CONSTRAINT support_requests_message_check CHECK (((length(message) >= 1) AND (length(message) <= 2000))),
    CONSTRAINT support_requests_status_check CHECK (((status)::text = ANY ((ARRAY['open'::character varying, 'closed'::character varying])::text[]))),
    CONSTRAINT support_requests_topic_check CHECK (((topic)::text = ANY ((ARRAY['password'::character varying, 'money'::character varying, 'other'::character varying])::text[])))
);

CREATE SEQUENCE public.support_requests_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.support_requests_id_seq OWNED BY public.support_requests.id;

CREATE TABLE public.sweeps (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    address character varying(34) NOT NULL,
    tx_id character(64) NOT NULL,
    amount_micro bigint NOT NULL,
    recorded_by integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    destination character varying(4) DEFAULT 'hot'::character varying NOT NULL,
    CONSTRAINT sweeps_amount_micro_check CHECK ((amount_micro > 0)),
    CONSTRAINT sweeps_destination_check CHECK (((destination)::text = ANY ((ARRAY['hot'::character varying, 'cold'::character varying])::text[])))
);

ALTER TABLE public.sweeps ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.sweeps_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.team_rates (
    depth smallint NOT NULL,
    rate_bp integer NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT team_rates_depth_check CHECK (((depth >= 1) AND (depth <= 3))),
    CONSTRAINT team_rates_rate_bp_check CHECK (((rate_bp >= 0) AND (rate_bp <= 10000)))
);

CREATE TABLE public.trailer_watches (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    trailer_id integer NOT NULL,
    watch_day date NOT NULL,
    reward_micro bigint NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT trailer_watches_reward_micro_check CHECK ((reward_micro >= 0))
);

ALTER TABLE public.trailer_watches ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.trailer_watches_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.trailers (
    id integer NOT NULL,
    title jsonb NOT NULL,
    description jsonb DEFAULT '{}'::jsonb NOT NULL,
    image_url character varying(500) NOT NULL,
    trailer_key character varying(64) NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    category character varying(8) DEFAULT 'hot'::character varying NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    published boolean DEFAULT true NOT NULL,
    CONSTRAINT trailers_category_check CHECK (((category)::text = ANY ((ARRAY['hot'::character varying, 'new'::character varying, 'soon'::character varying])::text[]))),
    CONSTRAINT trailers_description_languages CHECK ((jsonb_typeof(description) = 'object'::text)),
    CONSTRAINT trailers_title_languages CHECK (((jsonb_typeof(title) = 'object'::text) AND (title <> '{}'::jsonb)))
);

ALTER TABLE public.trailers ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.trailers_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.tron_costs (
    tx_id character(64) NOT NULL,
    kind character varying(16) NOT NULL,
    ref_id bigint NOT NULL,
    fee_sun bigint NOT NULL,
    energy_fee_sun bigint DEFAULT 0 NOT NULL,
    net_fee_sun bigint DEFAULT 0 NOT NULL,
    energy_used bigint DEFAULT 0 NOT NULL,
    block_time timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    id bigint NOT NULL,
    bandwidth_used bigint DEFAULT 0 NOT NULL,
    energy_price_sun bigint,
    paid_for character(64),
    CONSTRAINT tron_costs_bandwidth_used_check CHECK ((bandwidth_used >= 0)),
    CONSTRAINT tron_costs_energy_fee_sun_check CHECK ((energy_fee_sun >= 0)),
    CONSTRAINT tron_costs_energy_price_sun_check CHECK ((energy_price_sun >= 0)),
    CONSTRAINT tron_costs_energy_used_check CHECK ((energy_used >= 0)),
    CONSTRAINT tron_costs_fee_sun_check CHECK ((fee_sun >= 0)),
    CONSTRAINT tron_costs_kind_check CHECK (((kind)::text = ANY ((ARRAY['sweep'::character varying, 'withdrawal'::character varying])::text[]))),
    CONSTRAINT tron_costs_net_fee_sun_check CHECK ((net_fee_sun >= 0))
);

ALTER TABLE public.tron_costs ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.tron_costs_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.users (
    id integer NOT NULL,
    phone character varying(32) NOT NULL,
    password_hash text NOT NULL,
    nickname character varying(32),
    role character varying(16) DEFAULT 'member'::character varying NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    inviter_id integer,
    vip_level smallint DEFAULT 0 NOT NULL,
    vip_expire timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    transaction_password_hash text,
    mail character varying(254),
    verification character varying(16) DEFAULT 'none'::character varying NOT NULL,
    inviter2_id integer,
    inviter3_id integer,
    password_reset_at timestamp with time zone,
    mail_language character varying(2),
    role_granted_at timestamp with time zone,
    CONSTRAINT users_mail_language_check CHECK (((mail_language)::text = ANY ((ARRAY['ru'::character varying, 'en'::character varying, 'uz'::character varying])::text[]))),
    CONSTRAINT users_role_check CHECK (((role)::text = ANY ((ARRAY['member'::character varying, 'admin'::character varying, 'finance'::character varying, 'support'::character varying])::text[]))),
    CONSTRAINT users_verification_check CHECK (((verification)::text = ANY ((ARRAY['none'::character varying, 'pending'::character varying, 'approved'::character varying, 'rejected'::character varying])::text[]))),
    CONSTRAINT users_vip_level_check CHECK (((vip_level >= 0) AND (vip_level <= 9)))
);

CREATE TABLE public.users_daily_signups (
    day date NOT NULL,
    count integer NOT NULL
);

ALTER TABLE public.users ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (
    SEQUENCE NAME public.users_id_seq
    START WITH 100000
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.verifications (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    country character varying(64) NOT NULL,
    document_type character varying(32) NOT NULL,
    full_name character varying(128) NOT NULL,
    document_number character varying(64) NOT NULL,
    front_key text NOT NULL,
    back_key text NOT NULL,
    status character varying(16) DEFAULT 'pending'::character varying NOT NULL,
    reason text,
    decided_by integer,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT verifications_status_check CHECK (((status)::text = ANY ((ARRAY['pending'::character varying, 'approved'::character varying, 'rejected'::character varying])::text[])))
);

ALTER TABLE public.verifications ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.verifications_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.watch_daily_active (
    day date NOT NULL,
    count integer NOT NULL,
    shard smallint NOT NULL
);

CREATE TABLE public.watch_days (
    user_id integer NOT NULL,
    watch_day date NOT NULL,
    count integer NOT NULL,
    amount_micro bigint NOT NULL,
    CONSTRAINT watch_days_amount_micro_check CHECK ((amount_micro >= 0)),
    CONSTRAINT watch_days_count_check CHECK ((count >= 0))
);

CREATE TABLE public.withdrawal_addresses (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    address character varying(34) NOT NULL,
    label character varying(32) DEFAULT ''::character varying NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE public.withdrawal_addresses ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.withdrawal_addresses_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.withdrawal_attempts (
    id bigint NOT NULL,
    withdrawal_id bigint NOT NULL,
    tx_id character(64) NOT NULL,
    signed_tx jsonb NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    status character varying(16) DEFAULT 'signed'::character varying NOT NULL,
    failure text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT withdrawal_attempts_status_check CHECK (((status)::text = ANY ((ARRAY['signed'::character varying, 'sent'::character varying, 'confirmed'::character varying, 'failed'::character varying, 'expired'::character varying])::text[])))
);

ALTER TABLE public.withdrawal_attempts ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.withdrawal_attempts_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.withdrawals (
    id bigint NOT NULL,
    user_id integer NOT NULL,
    record_id bigint NOT NULL,
    wallet character varying(34) NOT NULL,
    amount_micro bigint NOT NULL,
    fee_micro bigint NOT NULL,
    net_micro bigint NOT NULL,
    status character varying(16) DEFAULT 'requested'::character varying NOT NULL,
    reason text,
    tx_id character(64),
    decided_by integer,
    decided_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    trace_parent text,
    CONSTRAINT withdrawals_amount_micro_check CHECK ((amount_micro > 0)),
    CONSTRAINT withdrawals_check CHECK (((fee_micro + net_micro) = amount_micro)),
    CONSTRAINT withdrawals_fee_micro_check CHECK ((fee_micro >= 0)),
    CONSTRAINT withdrawals_net_micro_check CHECK ((net_micro > 0)),
    CONSTRAINT withdrawals_status_check CHECK (((status)::text = ANY ((ARRAY['requested'::character varying, 'approved'::character varying, 'signed'::character varying, 'sent'::character varying, 'confirmed'::character varying, 'failed'::character varying, 'rejected'::character varying, 'refunded'::character varying, 'cancelled'::character varying])::text[])))
);

ALTER TABLE public.withdrawals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.withdrawals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY public.staff_requests ALTER COLUMN id SET DEFAULT nextval('public.staff_requests_id_seq'::regclass);

ALTER TABLE ONLY public.support_requests ALTER COLUMN id SET DEFAULT nextval('public.support_requests_id_seq'::regclass);

ALTER TABLE ONLY public.adjustment_requests
    ADD CONSTRAINT adjustment_requests_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.adjustment_requests
    ADD CONSTRAINT adjustment_requests_request_key_key UNIQUE (request_key);

ALTER TABLE ONLY public.app_settings
    ADD CONSTRAINT app_settings_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.approvals
    ADD CONSTRAINT approvals_kind_subject_id_operator_id_key UNIQUE (kind, subject_id, operator_id);

ALTER TABLE ONLY public.approvals
    ADD CONSTRAINT approvals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.audit_chain_head
    ADD CONSTRAINT audit_chain_head_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.audit_published_heads
    ADD CONSTRAINT audit_published_heads_pkey PRIMARY KEY (proof_id);

ALTER TABLE ONLY public.audit_signatures
    ADD CONSTRAINT audit_signatures_pkey PRIMARY KEY (chain_seq);

ALTER TABLE ONLY public.auth_sessions
    ADD CONSTRAINT auth_sessions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.balance_records
    ADD CONSTRAINT balance_records_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.banners
    ADD CONSTRAINT banners_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.card_deposits
    ADD CONSTRAINT card_deposits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.card_deposits
    ADD CONSTRAINT card_deposits_record_id_key UNIQUE (record_id);

ALTER TABLE ONLY public.chain_cursors
    ADD CONSTRAINT chain_cursors_pkey PRIMARY KEY (name);

ALTER TABLE ONLY public.chain_deposits
    ADD CONSTRAINT chain_deposits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.chain_deposits
    ADD CONSTRAINT chain_deposits_tx_id_log_index_key UNIQUE (tx_id, log_index);

ALTER TABLE ONLY public.challenge_claims
    ADD CONSTRAINT challenge_claims_pkey PRIMARY KEY (challenge_id, user_id);

ALTER TABLE ONLY public.challenges
    ADD CONSTRAINT challenges_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.deposit_activity
    ADD CONSTRAINT deposit_activity_pkey PRIMARY KEY (address);

ALTER TABLE ONLY public.deposit_addresses
    ADD CONSTRAINT deposit_addresses_address_key UNIQUE (address);

ALTER TABLE ONLY public.deposit_addresses
    ADD CONSTRAINT deposit_addresses_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.deposit_gaps
    ADD CONSTRAINT deposit_gaps_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.deposit_totals
    ADD CONSTRAINT deposit_totals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.economy_baselines
    ADD CONSTRAINT economy_baselines_pkey PRIMARY KEY (target, target_id);

ALTER TABLE ONLY public.economy_changes
    ADD CONSTRAINT economy_changes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.foreign_deposits
    ADD CONSTRAINT foreign_deposits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.foreign_deposits
    ADD CONSTRAINT foreign_deposits_tx_id_log_index_key UNIQUE (tx_id, log_index);

ALTER TABLE ONLY public.held_deposits
    ADD CONSTRAINT held_deposits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.held_deposits
    ADD CONSTRAINT held_deposits_tx_id_log_index_key UNIQUE (tx_id, log_index);

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, key);

ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.ledger_audit_findings
    ADD CONSTRAINT ledger_audit_findings_pkey PRIMARY KEY (subject, subject_id);

ALTER TABLE ONLY public.ledger_checkpoint_accounts
    ADD CONSTRAINT ledger_checkpoint_accounts_pkey PRIMARY KEY (account_id);

ALTER TABLE ONLY public.ledger_checkpoints
    ADD CONSTRAINT ledger_checkpoints_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.ledger_checkpoints
    ADD CONSTRAINT ledger_checkpoints_previous_id_key UNIQUE (previous_id);

ALTER TABLE ONLY public.ledger_daily_rollups
    ADD CONSTRAINT ledger_daily_rollups_pkey PRIMARY KEY (day, transaction_kind, account_kind, system, detail);

ALTER TABLE ONLY public.ledger_full_audits
    ADD CONSTRAINT ledger_full_audits_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.ledger_postings
    ADD CONSTRAINT ledger_postings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.ledger_transactions
    ADD CONSTRAINT ledger_transactions_idempotency_key_key UNIQUE (idempotency_key);

ALTER TABLE ONLY public.ledger_transactions
    ADD CONSTRAINT ledger_transactions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.message_states
    ADD CONSTRAINT message_states_pkey PRIMARY KEY (user_id, message_id);

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.moment_images
    ADD CONSTRAINT moment_images_pkey PRIMARY KEY (moment_id, "position");

ALTER TABLE ONLY public.moment_likes
    ADD CONSTRAINT moment_likes_pkey PRIMARY KEY (moment_id, user_id);

ALTER TABLE ONLY public.moment_reports
    ADD CONSTRAINT moment_reports_pkey PRIMARY KEY (moment_id, user_id);

ALTER TABLE ONLY public.moments
    ADD CONSTRAINT moments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.one_time_codes
    ADD CONSTRAINT one_time_codes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.packages
    ADD CONSTRAINT packages_pkey PRIMARY KEY (vip_level);

ALTER TABLE ONLY public.points_holds
    ADD CONSTRAINT points_holds_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.points_holds
    ADD CONSTRAINT points_holds_source_key UNIQUE (source);

ALTER TABLE ONLY public.promotion_campaigns
    ADD CONSTRAINT promotion_campaigns_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.promotion_grants
    ADD CONSTRAINT promotion_grants_once_per_member UNIQUE (campaign_id, member_id);

ALTER TABLE ONLY public.promotion_grants
    ADD CONSTRAINT promotion_grants_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.proof_buckets
    ADD CONSTRAINT proof_buckets_pkey PRIMARY KEY (snapshot_id, bucket);

ALTER TABLE ONLY public.proof_member_index
    ADD CONSTRAINT proof_member_index_pkey PRIMARY KEY (snapshot_id, first_member_id);

ALTER TABLE ONLY public.proof_reserve_addresses
    ADD CONSTRAINT proof_reserve_addresses_pkey PRIMARY KEY (snapshot_id, address);

ALTER TABLE ONLY public.proof_snapshots
    ADD CONSTRAINT proof_snapshots_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY public.risk_ring_decisions
    ADD CONSTRAINT risk_ring_decisions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.risk_ring_members
    ADD CONSTRAINT risk_ring_members_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.risk_rings
    ADD CONSTRAINT risk_rings_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.risk_signals
    ADD CONSTRAINT risk_signals_pkey PRIMARY KEY (user_id, kind, value);

ALTER TABLE ONLY public.sponsor_payments
    ADD CONSTRAINT sponsor_payments_payer_reference_key UNIQUE (payer, reference);

ALTER TABLE ONLY public.sponsor_payments
    ADD CONSTRAINT sponsor_payments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.staff_requests
    ADD CONSTRAINT staff_requests_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.support_requests
    ADD CONSTRAINT support_requests_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sweeps
    ADD CONSTRAINT sweeps_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.sweeps
    ADD CONSTRAINT sweeps_tx_id_key UNIQUE (tx_id);

ALTER TABLE ONLY public.team_rates
    ADD CONSTRAINT team_rates_pkey PRIMARY KEY (depth);

ALTER TABLE ONLY public.trailer_watches
    ADD CONSTRAINT trailer_watches_once_a_day UNIQUE (user_id, watch_day, trailer_id);

ALTER TABLE ONLY public.trailer_watches
    ADD CONSTRAINT trailer_watches_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.trailers
    ADD CONSTRAINT trailers_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.tron_costs
    ADD CONSTRAINT tron_costs_pkey PRIMARY KEY (tx_id);

ALTER TABLE ONLY public.users_daily_signups
    ADD CONSTRAINT users_daily_signups_pkey PRIMARY KEY (day);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_phone_key UNIQUE (phone);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.verifications
    ADD CONSTRAINT verifications_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.watch_daily_active
    ADD CONSTRAINT watch_daily_active_pkey PRIMARY KEY (day, shard);

ALTER TABLE ONLY public.watch_days
    ADD CONSTRAINT watch_days_pkey PRIMARY KEY (user_id, watch_day);

ALTER TABLE ONLY public.withdrawal_addresses
    ADD CONSTRAINT withdrawal_addresses_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.withdrawal_addresses
    ADD CONSTRAINT withdrawal_addresses_user_id_address_key UNIQUE (user_id, address);

ALTER TABLE ONLY public.withdrawal_attempts
    ADD CONSTRAINT withdrawal_attempts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.withdrawal_attempts
    ADD CONSTRAINT withdrawal_attempts_tx_id_key UNIQUE (tx_id);

ALTER TABLE ONLY public.withdrawals
    ADD CONSTRAINT withdrawals_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.withdrawals
    ADD CONSTRAINT withdrawals_record_id_key UNIQUE (record_id);

CREATE INDEX adjustment_requests_pending_idx ON public.adjustment_requests USING btree (id) WHERE ((status)::text = 'pending'::text);

CREATE INDEX approvals_member_idx ON public.approvals USING btree (kind, member_id, created_at);

CREATE INDEX approvals_operator_idx ON public.approvals USING btree (operator_id, created_at);

CREATE UNIQUE INDEX audit_log_chain_seq_key ON public.audit_log USING btree (chain_seq);

CREATE INDEX audit_log_created_idx ON public.audit_log USING btree (id DESC);

CREATE INDEX auth_sessions_live_idx ON public.auth_sessions USING btree (user_id) WHERE (revoked_at IS NULL);

CREATE INDEX auth_sessions_user_idx ON public.auth_sessions USING btree (user_id, created_at DESC);

CREATE UNIQUE INDEX balance_records_deposit_tx_key ON public.balance_records USING btree (user_id, tx_id) WHERE (((type)::text = 'deposit'::text) AND (tx_id IS NOT NULL));

CREATE INDEX balance_records_pending_claims_idx ON public.balance_records USING btree (id) WHERE (((type)::text = 'deposit'::text) AND ((status)::text = 'under_review'::text));

CREATE INDEX balance_records_user_idx ON public.balance_records USING btree (user_id, id DESC);

CREATE INDEX card_deposits_status_idx ON public.card_deposits USING btree (status, id);

CREATE INDEX chain_deposits_from_ends ON public.chain_deposits USING btree ("left"((from_address)::text, 4), "right"((from_address)::text, 4));

CREATE INDEX chain_deposits_user_idx ON public.chain_deposits USING btree (user_id, id DESC);

CREATE INDEX deposit_activity_block ON public.deposit_activity USING btree (block_number);

CREATE UNIQUE INDEX deposit_gaps_open ON public.deposit_gaps USING btree (address) WHERE ((status)::text = 'open'::text);

CREATE INDEX deposit_gaps_resolved ON public.deposit_gaps USING btree (address, id DESC) WHERE ((status)::text = 'resolved'::text);

CREATE INDEX economy_changes_status_idx ON public.economy_changes USING btree (status, id);

CREATE INDEX foreign_deposits_from_ends ON public.foreign_deposits USING btree ("left"((from_address)::text, 4), "right"((from_address)::text, 4));

CREATE INDEX held_deposits_held ON public.held_deposits USING btree (id) WHERE ((status)::text = 'held'::text);

CREATE INDEX idempotency_keys_created_idx ON public.idempotency_keys USING btree (created_at);

CREATE UNIQUE INDEX ledger_accounts_member_key ON public.ledger_accounts USING btree (user_id, kind) WHERE (user_id IS NOT NULL);

CREATE UNIQUE INDEX ledger_accounts_system_key ON public.ledger_accounts USING btree (kind) WHERE (user_id IS NULL);

CREATE INDEX ledger_postings_account_idx ON public.ledger_postings USING btree (account_id, id);

CREATE INDEX ledger_postings_transaction_idx ON public.ledger_postings USING btree (transaction_id);

CREATE INDEX ledger_transactions_created_idx ON public.ledger_transactions USING btree (created_at);

CREATE INDEX ledger_transactions_user_idx ON public.ledger_transactions USING btree (user_id, id);

CREATE INDEX mail_outbox_code_idx ON public.mail_outbox USING btree (code_id);

CREATE INDEX mail_outbox_pending_idx ON public.mail_outbox USING btree (next_attempt_at) WHERE ((status)::text = ANY ((ARRAY['queued'::character varying, 'sending'::character varying])::text[]));

CREATE INDEX messages_user_idx ON public.messages USING btree (user_id, id);

CREATE INDEX moment_likes_user_idx ON public.moment_likes USING btree (user_id, moment_id);

CREATE INDEX moments_feed_idx ON public.moments USING btree (id DESC) WHERE ((hidden_at IS NULL) AND (deleted_at IS NULL));

CREATE INDEX moments_user_idx ON public.moments USING btree (user_id, id DESC);

CREATE INDEX one_time_codes_live_idx ON public.one_time_codes USING btree (user_id, purpose, id DESC) WHERE (used_at IS NULL);

CREATE INDEX points_holds_due_idx ON public.points_holds USING btree (release_at) WHERE (released_at IS NULL);

CREATE INDEX promotion_grants_pending_idx ON public.promotion_grants USING btree (id) WHERE ((status)::text = 'pending'::text);

CREATE INDEX refresh_tokens_session_idx ON public.refresh_tokens USING btree (session_id);

CREATE UNIQUE INDEX risk_ring_decisions_pending_key ON public.risk_ring_decisions USING btree (ring_id, decision) WHERE ((status)::text = 'pending'::text);

CREATE INDEX risk_ring_members_ring_idx ON public.risk_ring_members USING btree (ring_id, user_id);

CREATE INDEX risk_rings_listed_idx ON public.risk_rings USING btree (id) WHERE (merged_into IS NULL);

CREATE INDEX risk_signals_last_seen_idx ON public.risk_signals USING btree (last_seen);

CREATE INDEX risk_signals_value_idx ON public.risk_signals USING btree (kind, value, user_id);

CREATE INDEX sponsor_payments_status_idx ON public.sponsor_payments USING btree (status, id);

CREATE UNIQUE INDEX staff_requests_pending_key ON public.staff_requests USING btree (target_user_id, change, COALESCE(role, ''::character varying)) WHERE ((status)::text = 'pending'::text);

CREATE INDEX staff_requests_status_idx ON public.staff_requests USING btree (status, id);

CREATE INDEX support_requests_status_idx ON public.support_requests USING btree (status, id);

CREATE INDEX sweeps_user_idx ON public.sweeps USING btree (user_id);

CREATE INDEX trailer_watches_user_created_idx ON public.trailer_watches USING btree (user_id, created_at);

CREATE INDEX trailers_published_idx ON public.trailers USING btree (sort_order, id DESC) WHERE published;

CREATE INDEX tron_costs_created_at ON public.tron_costs USING btree (created_at);

CREATE UNIQUE INDEX tron_costs_id ON public.tron_costs USING btree (id);

CREATE INDEX tron_costs_paid_for ON public.tron_costs USING btree (paid_for) WHERE (paid_for IS NOT NULL);

CREATE INDEX tron_costs_ref ON public.tron_costs USING btree (kind, ref_id);

CREATE INDEX users_access_exceptions_idx ON public.users USING btree (id) WHERE ((NOT is_active) OR ((role)::text <> 'member'::text));

CREATE INDEX users_created_idx ON public.users USING btree (created_at, id);

CREATE INDEX users_inviter2_id_idx ON public.users USING btree (inviter2_id, id) INCLUDE (vip_level, vip_expire) WHERE (inviter2_id IS NOT NULL);

CREATE INDEX users_inviter3_id_idx ON public.users USING btree (inviter3_id, id) INCLUDE (vip_level, vip_expire) WHERE (inviter3_id IS NOT NULL);

CREATE INDEX users_inviter_id_idx ON public.users USING btree (inviter_id, id) INCLUDE (vip_level, vip_expire);

CREATE INDEX users_nickname_trgm_idx ON public.users USING gin (nickname public.gin_trgm_ops);

CREATE INDEX users_phone_trgm_idx ON public.users USING gin (phone public.gin_trgm_ops);

CREATE INDEX users_vip_expire_idx ON public.users USING btree (vip_expire, id) WHERE (vip_level > 0);

CREATE INDEX users_vip_level_idx ON public.users USING btree (vip_level, id);

CREATE UNIQUE INDEX verifications_pending_key ON public.verifications USING btree (user_id) WHERE ((status)::text = 'pending'::text);

CREATE INDEX verifications_user_idx ON public.verifications USING btree (user_id, id DESC);

CREATE INDEX watch_days_day_idx ON public.watch_days USING btree (watch_day);

CREATE UNIQUE INDEX withdrawal_attempts_one_live ON public.withdrawal_attempts USING btree (withdrawal_id) WHERE ((status)::text = ANY ((ARRAY['signed'::character varying, 'sent'::character varying, 'confirmed'::character varying])::text[]));

CREATE INDEX withdrawals_status_idx ON public.withdrawals USING btree (status, id);

CREATE INDEX withdrawals_user_idx ON public.withdrawals USING btree (user_id, id DESC);

CREATE TRIGGER audit_log_append_only BEFORE DELETE OR UPDATE ON public.audit_log FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();

CREATE TRIGGER audit_log_link BEFORE INSERT ON public.audit_log FOR EACH ROW EXECUTE FUNCTION public.audit_log_link();

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON public.audit_log FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_append_only();

CREATE TRIGGER audit_published_heads_append_only BEFORE DELETE OR UPDATE ON public.audit_published_heads FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();

CREATE TRIGGER audit_published_heads_no_truncate BEFORE TRUNCATE ON public.audit_published_heads FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_append_only();

CREATE TRIGGER audit_signatures_append_only BEFORE DELETE OR UPDATE ON public.audit_signatures FOR EACH ROW EXECUTE FUNCTION public.audit_log_append_only();

CREATE TRIGGER audit_signatures_no_truncate BEFORE TRUNCATE ON public.audit_signatures FOR EACH STATEMENT EXECUTE FUNCTION public.audit_log_append_only();

CREATE TRIGGER chain_deposits_total_delete AFTER DELETE ON public.chain_deposits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.chain_deposits_total_delete();

CREATE TRIGGER chain_deposits_total_insert AFTER INSERT ON public.chain_deposits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.chain_deposits_total_insert();

CREATE TRIGGER chain_deposits_total_update AFTER UPDATE ON public.chain_deposits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.chain_deposits_total_update();

CREATE TRIGGER ledger_accounts_never_deleted BEFORE DELETE ON public.ledger_accounts FOR EACH ROW EXECUTE FUNCTION public.ledger_refuse_change();

CREATE TRIGGER ledger_postings_append_only BEFORE DELETE OR UPDATE ON public.ledger_postings FOR EACH ROW EXECUTE FUNCTION public.ledger_refuse_change();

CREATE TRIGGER ledger_postings_gated BEFORE INSERT ON public.ledger_postings FOR EACH STATEMENT EXECUTE FUNCTION public.ledger_postings_gate();

CREATE TRIGGER ledger_transactions_append_only BEFORE DELETE OR UPDATE ON public.ledger_transactions FOR EACH ROW EXECUTE FUNCTION public.ledger_refuse_change();

CREATE TRIGGER sweeps_total_delete AFTER DELETE ON public.sweeps REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION public.sweeps_total_delete();

CREATE TRIGGER sweeps_total_insert AFTER INSERT ON public.sweeps REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.sweeps_total_insert();

CREATE TRIGGER sweeps_total_update AFTER UPDATE ON public.sweeps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION public.sweeps_total_update();

CREATE TRIGGER users_access_changed AFTER UPDATE OF is_active, role ON public.users FOR EACH ROW WHEN (((old.is_active IS DISTINCT FROM new.is_active) OR ((old.role)::text IS DISTINCT FROM (new.role)::text))) EXECUTE FUNCTION public.users_access_notify();

CREATE TRIGGER users_access_created AFTER INSERT ON public.users FOR EACH ROW WHEN (((NOT new.is_active) OR ((new.role)::text <> 'member'::text))) EXECUTE FUNCTION public.users_access_notify();

CREATE TRIGGER users_set_uplines BEFORE INSERT ON public.users FOR EACH ROW EXECUTE FUNCTION public.users_set_uplines();

ALTER TABLE ONLY public.adjustment_requests
    ADD CONSTRAINT adjustment_requests_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.adjustment_requests
    ADD CONSTRAINT adjustment_requests_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES public.ledger_transactions(id);

ALTER TABLE ONLY public.adjustment_requests
    ADD CONSTRAINT adjustment_requests_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.adjustment_requests
    ADD CONSTRAINT adjustment_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.approvals
    ADD CONSTRAINT approvals_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.approvals
    ADD CONSTRAINT approvals_operator_id_fkey FOREIGN KEY (operator_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_target_user_id_fkey FOREIGN KEY (target_user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.audit_signatures
    ADD CONSTRAINT audit_signatures_chain_seq_fkey FOREIGN KEY (chain_seq) REFERENCES public.audit_log(chain_seq);

ALTER TABLE ONLY public.auth_sessions
    ADD CONSTRAINT auth_sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.balance_records
    ADD CONSTRAINT balance_records_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES public.ledger_transactions(id);

ALTER TABLE ONLY public.balance_records
    ADD CONSTRAINT balance_records_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.card_deposits
    ADD CONSTRAINT card_deposits_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.card_deposits
    ADD CONSTRAINT card_deposits_record_id_fkey FOREIGN KEY (record_id) REFERENCES public.balance_records(id);

ALTER TABLE ONLY public.card_deposits
    ADD CONSTRAINT card_deposits_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.chain_deposits
    ADD CONSTRAINT chain_deposits_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES public.ledger_transactions(id);

ALTER TABLE ONLY public.chain_deposits
    ADD CONSTRAINT chain_deposits_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.challenge_claims
    ADD CONSTRAINT challenge_claims_challenge_id_fkey FOREIGN KEY (challenge_id) REFERENCES public.challenges(id);

ALTER TABLE ONLY public.challenge_claims
    ADD CONSTRAINT challenge_claims_ledger_transaction_id_fkey FOREIGN KEY (ledger_transaction_id) REFERENCES public.ledger_transactions(id);

ALTER TABLE ONLY public.challenge_claims
    ADD CONSTRAINT challenge_claims_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.deposit_addresses
    ADD CONSTRAINT deposit_addresses_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.economy_baselines
    ADD CONSTRAINT economy_baselines_change_id_fkey FOREIGN KEY (change_id) REFERENCES public.economy_changes(id);

ALTER TABLE ONLY public.economy_changes
    ADD CONSTRAINT economy_changes_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.economy_changes
    ADD CONSTRAINT economy_changes_proposed_by_fkey FOREIGN KEY (proposed_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.foreign_deposits
    ADD CONSTRAINT foreign_deposits_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.ledger_accounts
    ADD CONSTRAINT ledger_accounts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.ledger_checkpoints
    ADD CONSTRAINT ledger_checkpoints_previous_id_fkey FOREIGN KEY (previous_id) REFERENCES public.ledger_checkpoints(id);

ALTER TABLE ONLY public.ledger_transactions
    ADD CONSTRAINT ledger_transactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_code_id_fkey FOREIGN KEY (code_id) REFERENCES public.one_time_codes(id);

ALTER TABLE ONLY public.mail_outbox
    ADD CONSTRAINT mail_outbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.message_states
    ADD CONSTRAINT message_states_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.messages(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.message_states
    ADD CONSTRAINT message_states_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.moment_images
    ADD CONSTRAINT moment_images_moment_id_fkey FOREIGN KEY (moment_id) REFERENCES public.moments(id);

ALTER TABLE ONLY public.moment_likes
    ADD CONSTRAINT moment_likes_moment_id_fkey FOREIGN KEY (moment_id) REFERENCES public.moments(id);

ALTER TABLE ONLY public.moment_likes
    ADD CONSTRAINT moment_likes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.moment_reports
    ADD CONSTRAINT moment_reports_moment_id_fkey FOREIGN KEY (moment_id) REFERENCES public.moments(id);

ALTER TABLE ONLY public.moment_reports
    ADD CONSTRAINT moment_reports_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.moments
    ADD CONSTRAINT moments_hidden_by_fkey FOREIGN KEY (hidden_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.moments
    ADD CONSTRAINT moments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.one_time_codes
    ADD CONSTRAINT one_time_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.points_holds
    ADD CONSTRAINT points_holds_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.promotion_grants
    ADD CONSTRAINT promotion_grants_campaign_id_fkey FOREIGN KEY (campaign_id) REFERENCES public.promotion_campaigns(id);

ALTER TABLE ONLY public.promotion_grants
    ADD CONSTRAINT promotion_grants_inviter_id_fkey FOREIGN KEY (inviter_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.promotion_grants
    ADD CONSTRAINT promotion_grants_member_id_fkey FOREIGN KEY (member_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.proof_buckets
    ADD CONSTRAINT proof_buckets_snapshot_id_fkey FOREIGN KEY (snapshot_id) REFERENCES public.proof_snapshots(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.proof_member_index
    ADD CONSTRAINT proof_member_index_snapshot_id_fkey FOREIGN KEY (snapshot_id) REFERENCES public.proof_snapshots(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.proof_reserve_addresses
    ADD CONSTRAINT proof_reserve_addresses_snapshot_id_fkey FOREIGN KEY (snapshot_id) REFERENCES public.proof_snapshots(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.proof_snapshots
    ADD CONSTRAINT proof_snapshots_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.refresh_tokens
    ADD CONSTRAINT refresh_tokens_session_id_fkey FOREIGN KEY (session_id) REFERENCES public.auth_sessions(id);

ALTER TABLE ONLY public.risk_ring_decisions
    ADD CONSTRAINT risk_ring_decisions_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.risk_ring_decisions
    ADD CONSTRAINT risk_ring_decisions_ring_id_fkey FOREIGN KEY (ring_id) REFERENCES public.risk_rings(id);

ALTER TABLE ONLY public.risk_ring_members
    ADD CONSTRAINT risk_ring_members_ring_id_fkey FOREIGN KEY (ring_id) REFERENCES public.risk_rings(id);

ALTER TABLE ONLY public.risk_ring_members
    ADD CONSTRAINT risk_ring_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.risk_rings
    ADD CONSTRAINT risk_rings_merged_into_fkey FOREIGN KEY (merged_into) REFERENCES public.risk_rings(id);

ALTER TABLE ONLY public.risk_signals
    ADD CONSTRAINT risk_signals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.sponsor_payments
    ADD CONSTRAINT sponsor_payments_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.sponsor_payments
    ADD CONSTRAINT sponsor_payments_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.staff_requests
    ADD CONSTRAINT staff_requests_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.staff_requests
    ADD CONSTRAINT staff_requests_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.staff_requests
    ADD CONSTRAINT staff_requests_target_user_id_fkey FOREIGN KEY (target_user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.support_requests
    ADD CONSTRAINT support_requests_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.support_requests
    ADD CONSTRAINT support_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.sweeps
    ADD CONSTRAINT sweeps_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.sweeps
    ADD CONSTRAINT sweeps_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.trailer_watches
    ADD CONSTRAINT trailer_watches_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_inviter_id_fkey FOREIGN KEY (inviter_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.verifications
    ADD CONSTRAINT verifications_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.verifications
    ADD CONSTRAINT verifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.watch_days
    ADD CONSTRAINT watch_days_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.withdrawal_addresses
    ADD CONSTRAINT withdrawal_addresses_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.withdrawal_attempts
    ADD CONSTRAINT withdrawal_attempts_withdrawal_id_fkey FOREIGN KEY (withdrawal_id) REFERENCES public.withdrawals(id);

ALTER TABLE ONLY public.withdrawals
    ADD CONSTRAINT withdrawals_decided_by_fkey FOREIGN KEY (decided_by) REFERENCES public.users(id);

ALTER TABLE ONLY public.withdrawals
    ADD CONSTRAINT withdrawals_record_id_fkey FOREIGN KEY (record_id) REFERENCES public.balance_records(id);

ALTER TABLE ONLY public.withdrawals
    ADD CONSTRAINT withdrawals_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id);

