import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger's published read of one member's figures, for other modules'
 * SQL that must stay one round trip (/users/me is the hottest endpoint).
 * A plain SQL function, so PostgreSQL inlines it into the caller's plan; the
 * ledger's tables stay named only inside the ledger.
 */
export class LedgerMemberSummary1764200000000 implements MigrationInterface {
  name = 'LedgerMemberSummary1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION ledger_member_summary(p_user_id integer)
      RETURNS TABLE (money bigint, points bigint, points_hold bigint, earned_rewards bigint, earned_commissions bigint)
      LANGUAGE sql STABLE AS $$
        SELECT COALESCE(SUM(balance) FILTER (WHERE kind = 'money'), 0)::bigint,
               COALESCE(SUM(balance) FILTER (WHERE kind = 'points'), 0)::bigint,
               COALESCE(SUM(balance) FILTER (WHERE kind = 'points_hold'), 0)::bigint,
               COALESCE(SUM(earned_rewards) FILTER (WHERE kind = 'money'), 0)::bigint,
               COALESCE(SUM(earned_commissions) FILTER (WHERE kind = 'money'), 0)::bigint
        FROM ledger_accounts WHERE user_id = p_user_id
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION ledger_member_summary(integer)`);
  }
}
