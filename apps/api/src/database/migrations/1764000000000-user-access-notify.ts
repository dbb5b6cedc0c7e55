import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announces every change of a member's access (active flag, role) on the
 * `user_access` channel as `{id, active, role}`, whoever makes it: an
 * operator route, a script or a hand-written UPDATE. Each API process keeps
 * the members who are not plain active members in memory and follows this
 * channel, so a deactivation or a demotion counts on the next request with
 * no database read per request.
 */
export class UserAccessNotify1764000000000 implements MigrationInterface {
  name = 'UserAccessNotify1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION users_access_notify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('user_access',
          json_build_object('id', NEW.id, 'active', NEW.is_active, 'role', NEW.role)::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER users_access_changed AFTER UPDATE OF is_active, role ON users
      FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.role IS DISTINCT FROM NEW.role)
      EXECUTE FUNCTION users_access_notify()`);
    await q.query(`
      CREATE TRIGGER users_access_created AFTER INSERT ON users
      FOR EACH ROW WHEN (NOT NEW.is_active OR NEW.role <> 'member')
      EXECUTE FUNCTION users_access_notify()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_access_created ON users`);
    await q.query(`DROP TRIGGER users_access_changed ON users`);
    await q.query(`DROP FUNCTION users_access_notify()`);
  }
}
