import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Challenges: operator data (a kind of goal measured on real activity within
 * the challenge's dates, a goal, a reward) and each member's claim, paid once
 * from the `challenges` system account.
 */
export class Challenges1765200000000 implements MigrationInterface {
  name = 'Challenges1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE challenges (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        title varchar(200) NOT NULL,
        text text NOT NULL DEFAULT '',
        image_url varchar(500) NOT NULL DEFAULT '',
        kind varchar(16) NOT NULL CHECK (kind IN ('trailers', 'team_vip1', 'deposits')),
        -- trailers and team_vip1: a count; deposits: micro-USDT.
        goal bigint NOT NULL CHECK (goal > 0),
        reward_micro bigint NOT NULL CHECK (reward_micro > 0),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        published boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at)
      )`);
    await q.query(`
      CREATE TABLE challenge_claims (
        challenge_id integer NOT NULL REFERENCES challenges(id),
        user_id integer NOT NULL REFERENCES users(id),
        ledger_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (challenge_id, user_id)
      )`);
    await q.query(
      `INSERT INTO ledger_accounts (user_id, kind, currency) VALUES (NULL, 'challenges', 'USDT')`,
    );
    await q.query(
      `CREATE INDEX trailer_watches_user_created_idx ON trailer_watches (user_id, created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX trailer_watches_user_created_idx`);
    await q.query(`DELETE FROM ledger_accounts WHERE user_id IS NULL AND kind = 'challenges'`);
    await q.query(`DROP TABLE challenge_claims`);
    await q.query(`DROP TABLE challenges`);
  }
}
