import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Real views only, and rings of accounts (issue 38):
 * - `trailer_views` goes: a view is now measured by the player's beats and
 *   kept in Redis (modules/trailers/trailer-views.store.ts), one playing
 *   view per member; nothing reads the table any more.
 * - `risk_signals` keeps, per member, what links accounts run by one person:
 *   devices, client networks (/24, /48), deposit source addresses and
 *   withdrawal addresses, each with when it was first and last seen
 *   (RISK_SIGNAL_DAYS drops those not seen for that long).
 * - `risk_rings` and `risk_ring_members` are the rings found (one ring per
 *   member; a ring merged into another keeps its row, pointing at it), and
 *   `risk_held_members` is the risk module's published read for the watch
 *   and the promotions' sweeps: whose commissions and registration points
 *   are held (members of an open or reversed ring).
 * - `risk_ring_decisions` are an operator's release or reversal of a ring
 *   waiting for its approvals (the approvals table gains the kind).
 * - `member_invite_chains` is the users' published read of the invite tree
 *   for the ring finder.
 * - `points_holds.reversed_at`: registration points taken back by a reversal.
 */
export class RealViewsAndRings1766910000000 implements MigrationInterface {
  name = 'RealViewsAndRings1766910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE trailer_views`);
    await q.query(`
      CREATE TABLE risk_signals (
        user_id integer NOT NULL REFERENCES users (id),
        kind varchar(24) NOT NULL
          CHECK (kind IN ('device', 'network', 'funding_address', 'withdrawal_address')),
        value varchar(128) NOT NULL,
        first_seen timestamptz NOT NULL DEFAULT now(),
        last_seen timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, kind, value)
      )`);
    await q.query(`CREATE INDEX risk_signals_value_idx ON risk_signals (kind, value, user_id)`);
    await q.query(`CREATE INDEX risk_signals_last_seen_idx ON risk_signals (last_seen)`);
    await q.query(`
      CREATE TABLE risk_rings (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        status varchar(16) NOT NULL DEFAULT 'open'
          CHECK (status IN ('open', 'released', 'reversed')),
        -- Bumped whenever members join: a decision asked on an older
        -- membership no longer stands.
        version integer NOT NULL DEFAULT 1,
        merged_into integer REFERENCES risk_rings (id),
        found_at timestamptz NOT NULL DEFAULT now(),
        changed_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        CHECK (merged_into IS NULL OR merged_into <> id)
      )`);
    await q.query(
      `CREATE INDEX risk_rings_listed_idx ON risk_rings (id) WHERE merged_into IS NULL`,
    );
    await q.query(`
      CREATE TABLE risk_ring_members (
        user_id integer PRIMARY KEY REFERENCES users (id),
        ring_id integer NOT NULL REFERENCES risk_rings (id),
        joined_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX risk_ring_members_ring_idx ON risk_ring_members (ring_id, user_id)`,
    );
    await q.query(`
      CREATE FUNCTION risk_held_members(p_user_ids integer[]) RETURNS integer[]
      LANGUAGE sql STABLE AS $$
        SELECT COALESCE(array_agg(m.user_id ORDER BY m.user_id), '{}')
        FROM risk_ring_members m JOIN risk_rings r ON r.id = m.ring_id
        WHERE m.user_id = ANY (p_user_ids) AND r.status IN ('open', 'reversed')
      $$`);
    await q.query(`
      CREATE TABLE risk_ring_decisions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        ring_id integer NOT NULL REFERENCES risk_rings (id),
        decision varchar(8) NOT NULL CHECK (decision IN ('release', 'reverse')),
        ring_version integer NOT NULL,
        -- What the ring held when the decision was first asked (USDT and
        -- points, micro): the approvals are judged on it.
        amount_micro bigint NOT NULL CHECK (amount_micro >= 0),
        requested_by integer NOT NULL REFERENCES users (id),
        status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'applied', 'superseded')),
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        CHECK ((status = 'pending') = (decided_at IS NULL))
      )`);
    await q.query(`
      CREATE UNIQUE INDEX risk_ring_decisions_pending_key
        ON risk_ring_decisions (ring_id, decision) WHERE status = 'pending'`);
    await q.query(`
      CREATE FUNCTION member_invite_chains(p_user_ids integer[])
      RETURNS TABLE (id integer, inviter_id integer, inviter2_id integer, inviter3_id integer)
      LANGUAGE sql STABLE AS $$
        SELECT u.id, u.inviter_id, u.inviter2_id, u.inviter3_id FROM users u WHERE u.id = ANY (p_user_ids)
      $$`);
    await q.query(`ALTER TABLE points_holds ADD COLUMN reversed_at timestamptz`);
    await q.query(`
      ALTER TABLE points_holds ADD CONSTRAINT points_holds_settled_once
        CHECK (released_at IS NULL OR reversed_at IS NULL)`);
    await q.query(`ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check`);
    await q.query(`
      ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check
        CHECK (kind IN ('withdrawal', 'card_deposit', 'adjustment', 'economy', 'sponsor_funds', 'risk_ring'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM approvals WHERE kind = 'risk_ring'`);
    await q.query(`ALTER TABLE approvals DROP CONSTRAINT approvals_kind_check`);
    await q.query(`
      ALTER TABLE approvals ADD CONSTRAINT approvals_kind_check
        CHECK (kind IN ('withdrawal', 'card_deposit', 'adjustment', 'economy', 'sponsor_funds'))`);
    await q.query(`ALTER TABLE points_holds DROP CONSTRAINT points_holds_settled_once`);
    await q.query(`ALTER TABLE points_holds DROP COLUMN reversed_at`);
    await q.query(`DROP FUNCTION member_invite_chains(integer[])`);
    await q.query(`DROP TABLE risk_ring_decisions`);
    await q.query(`DROP FUNCTION risk_held_members(integer[])`);
    await q.query(`DROP TABLE risk_ring_members`);
    await q.query(`DROP TABLE risk_rings`);
    await q.query(`DROP TABLE risk_signals`);
    await q.query(`
      CREATE TABLE trailer_views (
        user_id integer NOT NULL REFERENCES users(id),
        trailer_id integer NOT NULL REFERENCES trailers(id),
        started_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, trailer_id)
      )`);
  }
}
