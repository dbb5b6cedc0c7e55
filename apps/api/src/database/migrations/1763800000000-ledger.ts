import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry ledger and what hangs off it: watches, promotions, held
 * points, balance records, the audit log. The database itself refuses a
 * negative member balance, an unbalanced transaction, a mixed-currency
 * transfer and any edit of a written ledger row.
 */
export class Ledger1763800000000 implements MigrationInterface {
  name = 'Ledger1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_accounts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer REFERENCES users(id),
        kind varchar(32) NOT NULL,
        currency varchar(8) NOT NULL CHECK (currency IN ('USDT', 'POINTS')),
        balance bigint NOT NULL DEFAULT 0,
        -- What /users/me shows as total_earn and team_earn, kept on the member's
        -- money account (already locked by every posting that moves it).
        earned_rewards bigint NOT NULL DEFAULT 0 CHECK (earned_rewards >= 0),
        earned_commissions bigint NOT NULL DEFAULT 0 CHECK (earned_commissions >= 0),
        -- Member accounts never go negative; system accounts are the other side.
        CONSTRAINT ledger_accounts_member_non_negative CHECK (user_id IS NULL OR balance >= 0)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX ledger_accounts_member_key ON ledger_accounts (user_id, kind) WHERE user_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind) WHERE user_id IS NULL`,
    );
    // The system accounts as of this migration (a later one adds new kinds).
    const systemAccounts = {
      deposits: 'USDT',
      withdrawals: 'USDT',
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
    };
    for (const [kind, currency] of Object.entries(systemAccounts)) {
      await q.query(`INSERT INTO ledger_accounts (user_id, kind, currency) VALUES (NULL, $1, $2)`, [
        kind,
        currency,
      ]);
    }
    await q.query(`
      CREATE TABLE ledger_transactions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        idempotency_key varchar(200) NOT NULL UNIQUE,
        kind varchar(32) NOT NULL,
        fingerprint char(64) NOT NULL,
        user_id integer REFERENCES users(id),
        memo jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_transactions_user_idx ON ledger_transactions (user_id, id)`);
    await q.query(`
      CREATE TABLE ledger_postings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
        -- No foreign keys to ledger_accounts: their checks would take a share
        -- lock on the few system accounts in every posting, a hot spot under
        -- load. The statement trigger below checks the ids instead, and
        -- accounts can never be deleted.
        account_id bigint NOT NULL,
        contra_account_id bigint NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX ledger_postings_transaction_idx ON ledger_postings (transaction_id)`,
    );
    await q.query(
      `CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, contra_account_id)`,
    );

    // Written once, never changed: corrections are new, reversing transactions.
    await q.query(`
      CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME;
      END $$`);
    for (const table of ['ledger_transactions', 'ledger_postings']) {
      await q.query(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
                     FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`);
    }
    await q.query(`CREATE TRIGGER ledger_accounts_never_deleted BEFORE DELETE ON ledger_accounts
                   FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change()`);
    // After every insert of postings: both legs name existing accounts of one
    // currency, and every transaction touched sums to zero in each currency
    // (so a transaction's postings are written in one statement).
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

    await q.query(`
      CREATE TABLE trailer_views (
        user_id integer NOT NULL REFERENCES users(id),
        trailer_id integer NOT NULL REFERENCES trailers(id),
        started_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, trailer_id)
      )`);
    await q.query(`
      CREATE TABLE trailer_watches (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        trailer_id integer NOT NULL REFERENCES trailers(id),
        watch_day date NOT NULL,
        reward_micro bigint NOT NULL CHECK (reward_micro >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT trailer_watches_once_a_day UNIQUE (user_id, watch_day, trailer_id)
      )`);
    // One row per member and day: its conditional upsert is what enforces the
    // daily quota under concurrency, and it answers /users/me/today.
    await q.query(`
      CREATE TABLE watch_days (
        user_id integer NOT NULL REFERENCES users(id),
        watch_day date NOT NULL,
        count integer NOT NULL CHECK (count >= 0),
        amount_micro bigint NOT NULL CHECK (amount_micro >= 0),
        PRIMARY KEY (user_id, watch_day)
      )`);
    await q.query(`
      CREATE TABLE team_rates (
        depth smallint PRIMARY KEY CHECK (depth BETWEEN 1 AND 3),
        rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE promotion_campaigns (
        id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        name varchar(100) NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        min_vip_level smallint NOT NULL CHECK (min_vip_level BETWEEN 1 AND 9),
        inviter_points_micro bigint NOT NULL CHECK (inviter_points_micro >= 0),
        member_points_micro bigint NOT NULL CHECK (member_points_micro >= 0),
        hold_days integer NOT NULL CHECK (hold_days >= 0),
        CHECK (ends_at > starts_at)
      )`);
    await q.query(`
      CREATE TABLE promotion_grants (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        campaign_id integer NOT NULL REFERENCES promotion_campaigns(id),
        member_id integer NOT NULL REFERENCES users(id),
        inviter_id integer NOT NULL REFERENCES users(id),
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done')),
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        CONSTRAINT promotion_grants_once_per_member UNIQUE (campaign_id, member_id)
      )`);
    await q.query(
      `CREATE INDEX promotion_grants_pending_idx ON promotion_grants (id) WHERE status = 'pending'`,
    );
    await q.query(`
      CREATE TABLE points_holds (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        amount_micro bigint NOT NULL CHECK (amount_micro > 0),
        release_at timestamptz NOT NULL,
        released_at timestamptz,
        source varchar(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX points_holds_due_idx ON points_holds (release_at) WHERE released_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE balance_records (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        type varchar(16) NOT NULL CHECK (type IN ('deposit', 'withdrawal', 'adjustment')),
        is_add boolean NOT NULL,
        amount_micro bigint NOT NULL CHECK (amount_micro > 0),
        fee_micro bigint NOT NULL DEFAULT 0 CHECK (fee_micro >= 0),
        status varchar(16) NOT NULL CHECK (status IN ('under_review', 'success', 'fail')),
        tx_id varchar(64),
        wallet varchar(64),
        reason text,
        ledger_transaction_id bigint REFERENCES ledger_transactions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX balance_records_user_idx ON balance_records (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        actor_id integer NOT NULL REFERENCES users(id),
        action varchar(64) NOT NULL,
        target_user_id integer REFERENCES users(id),
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'audit_log',
      'balance_records',
      'points_holds',
      'promotion_grants',
      'promotion_campaigns',
      'team_rates',
      'watch_days',
      'trailer_watches',
      'trailer_views',
      'ledger_postings',
      'ledger_transactions',
      'ledger_accounts',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
    await q.query(`DROP FUNCTION ledger_check_postings(); DROP FUNCTION ledger_refuse_change();`);
  }
}
