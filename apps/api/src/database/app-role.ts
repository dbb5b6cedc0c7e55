import type { DataSource } from 'typeorm';

/**
 * Tables the app may read and append to, never change: the audit and what
 * vouches for it (rows, signatures, published heads).
 */
const APPEND_ONLY_TABLES = ['audit_log', 'audit_signatures', 'audit_published_heads'];
/**
 * Tables the app only reads: the audit chain's head (moved by the linking
 * trigger, which runs as the owner) and the migrations applied (the
 * readiness check).
 */
const READ_ONLY_TABLES = ['audit_chain_head', 'migrations'];

export interface AppRole {
  name: string;
  password: string | null;
}

/** The role a PostgreSQL URL logs in as (null when it names none: the OS user's, left alone). */
export function roleOf(url: string): AppRole | null {
  const parsed = new URL(url);
  if (!parsed.username) return null;
  return {
    name: decodeURIComponent(parsed.username),
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
  };
}

/**
 * Makes `role` a login that owns nothing and may do exactly what the API
 * and the worker do: read and write rows (append only, or read only, for
 * the tables above), draw from sequences and call the functions, on every
 * table of the schema, including those a later migration added. Run by the
 * owner after the migrations, in one transaction; idempotent (the rights
 * are revoked and granted again, so a table that lost its exception, or
 * gained one, ends up right). The password is set when the role is created
 * only: change it later with ALTER ROLE.
 *
 * Refuses a role that can do more than that whatever the grants say: a
 * superuser, the owner of a table, or a member of the owner's role.
 */
export async function ensureAppRole(owner: DataSource, role: AppRole): Promise<void> {
  await owner.transaction(async (db) => {
    const [found]: { rolsuper: boolean; owner_member: boolean }[] = await db.query(
      `SELECT rolsuper, pg_has_role($1, current_user, 'MEMBER') AS owner_member
       FROM pg_roles WHERE rolname = $1`,
      [role.name],
    );
    if (!found) {
      const [{ sql }]: { sql: string }[] = await db.query(
        role.password === null
          ? `SELECT format('CREATE ROLE %I LOGIN', $1::text) AS sql`
          : `SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', $1::text, $2::text) AS sql`,
        role.password === null ? [role.name] : [role.name, role.password],
      );
      await db.query(sql);
    } else if (found.rolsuper || found.owner_member) {
      throw new Error(
        `the app's role ${role.name} is ${found.rolsuper ? 'a superuser' : "a member of the owner's role"}: it could rewrite the audit; give the app a role of its own`,
      );
    }
    const owned: { tablename: string }[] = await db.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tableowner = $1`,
      [role.name],
    );
    if (owned.length > 0) {
      throw new Error(
        `the app's role ${role.name} owns ${owned.map((t) => t.tablename).join(', ')}: reassign them to the owner (REASSIGN OWNED BY ${role.name} TO <owner>)`,
      );
    }
    const [{ grants }]: { grants: string }[] = await db.query(
      `SELECT format($f$
         GRANT CONNECT ON DATABASE %1$I TO %2$I;
         REVOKE CREATE ON SCHEMA public FROM %2$I;
         GRANT USAGE ON SCHEMA public TO %2$I;
         REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %2$I;
         GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %2$I;
         REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM %2$I;
         GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %2$I;
         GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO %2$I;
       $f$, current_database(), $1::text) AS grants`,
      [role.name],
    );
    await db.query(grants);
    for (const [tables, rights] of [
      [APPEND_ONLY_TABLES, 'UPDATE, DELETE'],
      [READ_ONLY_TABLES, 'INSERT, UPDATE, DELETE'],
    ] as const) {
      for (const table of tables) {
        const [{ sql }]: { sql: string | null }[] = await db.query(
          `SELECT CASE WHEN to_regclass($1) IS NOT NULL
                  THEN format('REVOKE ${rights} ON TABLE %I FROM %I', $1::text, $2::text) END AS sql`,
          [table, role.name],
        );
        if (sql) await db.query(sql);
      }
    }
  });
}
