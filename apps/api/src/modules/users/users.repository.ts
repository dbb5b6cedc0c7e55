import { Inject, Injectable } from '@nestjs/common';
import { CSV_USDT } from '../../common/csv';
import type { Language } from '../../common/language';
import { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../../database/prepared';
import { batchedRead } from '../../database/read-batch';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import { User } from './user.entity';

/** A member's level as stored: `effectiveVipLevel` in libs/domain says what counts today. */
export interface Membership {
  vipLevel: number;
  vipExpire: Date | null;
  inviterId: number | null;
}

/**
 * The members on level 1, 2 or 3 below member $1 (as `u`), for a WHERE to
 * continue: each is one range of an index (inviter_id, inviter2_id or
 * inviter3_id with the id; migration TeamPaging1766770000000).
 */
const LEVEL_FROM = [
  `users u WHERE u.inviter_id = $1`,
  `users u WHERE u.inviter2_id = $1`,
  `users u WHERE u.inviter3_id = $1`,
];

/** One level's members as team rows (TeamMemberRow), before any filter of the level's own. */
const levelRows = (depth: 1 | 2 | 3) =>
  `SELECT ${depth} AS depth, u.id, u.vip_level AS "vipLevel", u.vip_expire AS "vipExpire", u.created_at AS "createdAt"
   FROM ${LEVEL_FROM[depth - 1]}`;

/**
 * The three levels below a member, by depth then id: each level one range
 * of its own index, as the paged levels read them. A walk down the inviters
 * was planned, for a small team, as a hash join over a scan of every member
 * (bench:scale counted it, docs/decisions.md).
 */
const DOWNLINE = `${levelRows(1)} UNION ALL ${levelRows(2)} UNION ALL ${levelRows(3)} ORDER BY depth, id`;

export interface TeamMemberRow {
  depth: number;
  id: number;
  vipLevel: number;
  vipExpire: Date | null;
  createdAt: Date;
}

/** The operator area's members list: a filter, a sort and a page. */
export interface MemberFilter {
  q?: string;
  level?: number;
  active?: boolean;
  verification?: string;
  role?: string;
  joinedFrom?: Date;
  joinedTo?: Date;
  sort: 'id' | 'created_at' | 'money' | 'vip_level';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface MemberListRow {
  id: number;
  phone: string;
  nickname: string | null;
  role: User['role'];
  is_active: boolean;
  vip_level: number;
  vip_expire: Date | null;
  verification: string;
  mail: string | null;
  inviter_id: number | null;
  created_at: Date;
  money: string;
  points: string;
}

const SORTS: Record<MemberFilter['sort'], string> = {
  id: 'u.id',
  created_at: 'u.created_at',
  money: 'money',
  vip_level: 'u.vip_level',
};

export interface Credentials {
  id: number;
  passwordHash: string;
  isActive: boolean;
  role: User['role'];
}

/** A member's /users/me figures as the profile statement builds them. */
export interface Profile {
  id: number;
  nickname: string | null;
  phone: string;
  vip_level: number;
  vip_expire_ms: number | null;
  is_active: boolean;
  inviter_id: number | null;
  role: User['role'];
  money: string;
  points: string;
  points_hold: string;
  earned_rewards: string;
  earned_commissions: string;
  has_transaction_password: boolean;
  mail: string | null;
  password_reset_ms: number | null;
  verification: 'none' | 'pending' | 'approved' | 'rejected';
}

/** The only door to the `users` table. */
@Injectable()
export class UsersRepository {
  /** The profile reads of a turn, as one statement (READ_BATCH_SIZE). */
  private readonly profiles: (id: number) => Promise<Profile | undefined>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.profiles = batchedRead(config.READ_BATCH_SIZE, (ids) => this.profileRows(ids));
  }

  private repo(db: EntityManager = this.dataSource.manager) {
    return db.getRepository(User);
  }

  exists(id: number, db?: EntityManager): Promise<boolean> {
    return this.repo(db).existsBy({ id });
  }

  async insert(values: Pick<User, 'phone' | 'passwordHash' | 'inviterId'>): Promise<number> {
    const result = await this.repo().insert(values);
    return result.identifiers[0].id as number;
  }

  async transactionPasswordHash(id: number): Promise<string | null> {
    const rows: { hash: string | null }[] = await this.dataSource.query(
      `SELECT transaction_password_hash AS hash FROM users WHERE id = $1`,
      [id],
    );
    return rows[0]?.hash ?? null;
  }

  async mailOf(id: number): Promise<string | null> {
    return (await this.mailbox(id))?.mail ?? null;
  }

  /** The bound mailbox and the language it was bound in (null for those bound before it was kept). */
  async mailbox(
    id: number,
    db: EntityManager | DataSource = this.dataSource,
  ): Promise<{ mail: string | null; language: Language | null } | undefined> {
    const [row]: { mail: string | null; language: Language | null }[] = await db.query(
      `SELECT mail, mail_language AS language FROM users WHERE id = $1`,
      [id],
    );
    return row;
  }

  async setMail(id: number, mail: string, language: Language): Promise<void> {
    await this.dataSource.query(
      `UPDATE users SET mail = $2, mail_language = $3, updated_at = now() WHERE id = $1`,
      [id, mail, language],
    );
  }

  /** A password set by a reset code, and when: the recovery hold counts from it. */
  async resetPassword(db: EntityManager, id: number, hash: string): Promise<Date> {
    const [[row]]: [{ at: Date }[], number] = await db.query(
      `UPDATE users SET password_hash = $2, password_reset_at = now(), updated_at = now()
       WHERE id = $1 RETURNING password_reset_at AS at`,
      [id, hash],
    );
    return row.at;
  }

  /** When the password was last reset with a code (null: never). */
  async passwordResetAt(
    id: number,
    db: EntityManager | DataSource = this.dataSource,
  ): Promise<Date | null> {
    const [row]: { at: Date | null }[] = await db.query(
      `SELECT password_reset_at AS at FROM users WHERE id = $1`,
      [id],
    );
    return row?.at ?? null;
  }

  async setVerification(db: EntityManager, id: number, status: string): Promise<void> {
    await db.query(`UPDATE users SET verification = $2 WHERE id = $1`, [id, status]);
  }

  async setTransactionPasswordHash(db: EntityManager, id: number, hash: string): Promise<void> {
    await db.query(
      `UPDATE users SET transaction_password_hash = $2, updated_at = now() WHERE id = $1`,
      [id, hash],
    );
  }

  /** Member ids above `afterId`, ascending (for work that must visit every member once). */
  async count(db: EntityManager | DataSource = this.dataSource): Promise<number> {
    const rows: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM users`);
    return rows[0].n;
  }

  /**
   * Over the next `days` days at today's levels: per level, the member-days
   * active members spend at it (a membership's days left, then level 0 for
   * the rest) and, of those, the days with an active inviter one, two and
   * three levels up (who earn commissions). Inactive members watch nothing.
   */
  rewardExposure(
    days: number,
  ): Promise<{ level: number; member_days: string; d1: string; d2: string; d3: string }[]> {
    return this.dataSource.query(
      `WITH m AS (
         SELECT CASE WHEN u.vip_expire > now() THEN u.vip_level ELSE 0 END AS level,
                CASE WHEN u.vip_expire > now() AND u.vip_level > 0
                     THEN LEAST($1::int, ceil(extract(epoch FROM u.vip_expire - now()) / 86400)::int)
                     ELSE 0 END AS paid_days,
                (i1.is_active IS TRUE)::int AS d1,
                (i2.is_active IS TRUE)::int AS d2,
                (i3.is_active IS TRUE)::int AS d3
         FROM users u
         LEFT JOIN users i1 ON i1.id = u.inviter_id
         LEFT JOIN users i2 ON i2.id = i1.inviter_id
         LEFT JOIN users i3 ON i3.id = i2.inviter_id
         WHERE u.is_active
       ), spans AS (
         SELECT level, paid_days AS days, d1, d2, d3 FROM m WHERE level > 0
         UNION ALL
         SELECT 0, $1::int - paid_days, d1, d2, d3 FROM m
       )
       SELECT level::int AS level, sum(days)::text AS member_days, sum(days * d1)::text AS d1,
              sum(days * d2)::text AS d2, sum(days * d3)::text AS d3
       FROM spans WHERE days > 0 GROUP BY level ORDER BY level`,
      [days],
    );
  }

  async idsAfter(
    afterId: number,
    limit: number,
    db: EntityManager | DataSource = this.dataSource,
  ): Promise<number[]> {
    const rows: { id: number }[] = await db.query(
      `SELECT id FROM users WHERE id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((r) => r.id);
  }

  findById(id: number, db?: EntityManager): Promise<User | null> {
    return this.repo(db).findOneBy({ id });
  }

  credentials(by: { phone: string } | { id: number }): Promise<Credentials | null> {
    const query = this.repo().createQueryBuilder('u').addSelect('u.passwordHash');
    if ('phone' in by) query.where('u.phone = :phone', { phone: by.phone });
    else query.where('u.id = :id', { id: by.id });
    return query.getOne();
  }

  /**
   * Replaces a password hash with the same password's hash at today's cost,
   * only while the old one is still stored: a password changed meanwhile wins.
   */
  async upgradePasswordHash(id: number, oldHash: string, newHash: string): Promise<void> {
    await this.repo()
      .createQueryBuilder()
      .update()
      .set({ passwordHash: newHash })
      .where('id = :id AND password_hash = :oldHash', { id, oldHash })
      .execute();
  }

  async update(
    id: number,
    values: Partial<Pick<User, 'nickname' | 'phone' | 'passwordHash'>>,
  ): Promise<void> {
    await this.repo().update({ id }, { ...values, updatedAt: new Date() });
  }

  /**
   * The /users/me read (the hottest endpoint): the member row with the
   * ledger's published summary of their figures, as one JSON value. node-postgres
   * prepares a row object and a parser per column of every result, which for
   * sixteen columns cost more of `/users/me` than PostgreSQL building the JSON
   * (docs/decisions.md, "Hot paths"). Amounts stay text (exact bigints); the
   * expiry is milliseconds since the epoch. The reads of a turn go as one
   * prepared statement (READ_BATCH_SIZE, database/read-batch.ts).
   */
  profile(id: number): Promise<Profile | undefined> {
    return this.profiles(id);
  }

  private async profileRows(ids: readonly number[]): Promise<(Profile | undefined)[]> {
    const rows = await preparedQuery<{ id: number; p: Profile }>(
      this.dataSource,
      'users-profiles',
      `SELECT u.id, json_build_object(
                  'id', u.id, 'nickname', u.nickname, 'phone', u.phone, 'vip_level', u.vip_level,
                  'vip_expire_ms', floor(extract(epoch FROM u.vip_expire) * 1000),
                  'is_active', u.is_active, 'inviter_id', u.inviter_id,
                  'role', u.role, 'has_transaction_password', u.transaction_password_hash IS NOT NULL,
                  'mail', u.mail, 'verification', u.verification,
                  'password_reset_ms', floor(extract(epoch FROM u.password_reset_at) * 1000),
                  'money', s.money::text, 'points', s.points::text, 'points_hold', s.points_hold::text,
                  'earned_rewards', s.earned_rewards::text,
                  'earned_commissions', s.earned_commissions::text) AS p
         FROM users u CROSS JOIN LATERAL ledger_member_summary(u.id) s WHERE u.id = ANY($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row.p]));
    return ids.map((id) => byId.get(id));
  }

  /**
   * Serialises one member's money-changing requests (watches, purchases) for
   * the rest of the transaction. NO KEY UPDATE still lets other transactions
   * insert rows that reference the member (its ledger accounts), so it cannot
   * deadlock with their foreign-key checks. Run it as its own statement before
   * reading what it protects: in READ COMMITTED the following statements then
   * see every change committed by the lock's previous holder.
   */
  async lock(db: EntityManager, id: number): Promise<void> {
    await preparedQuery(db, 'lock-member', `SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [
      id,
    ]);
  }

  async membership(db: EntityManager, id: number): Promise<Membership | undefined> {
    const [row] = await preparedQuery<Membership>(
      db,
      'member-membership',
      `SELECT vip_level AS "vipLevel", vip_expire AS "vipExpire", inviter_id AS "inviterId" FROM users WHERE id = $1`,
      [id],
    );
    return row;
  }

  async setMembership(db: EntityManager, id: number, level: number, expire: Date): Promise<void> {
    await this.repo(db).update(
      { id },
      { vipLevel: level, vipExpire: expire, updatedAt: new Date() },
    );
  }

  /** Back to level 0 when the membership has run out; false when there was nothing to do. */
  async expireMembership(id: number): Promise<boolean> {
    const [, affected] = await this.dataSource.query(
      `UPDATE users SET vip_level = 0, vip_expire = NULL, updated_at = now()
       WHERE id = $1 AND vip_level > 0 AND vip_expire <= now()`,
      [id],
    );
    return affected > 0;
  }

  /** Memberships that ran out, oldest first: a range of users_vip_expire_idx. */
  async dueExpirations(limit: number): Promise<{ id: number; expire: string }[]> {
    return this.dataSource.query(
      `SELECT id, (extract(epoch FROM vip_expire) * 1000)::bigint AS expire FROM users
       WHERE vip_level > 0 AND vip_expire <= now() ORDER BY vip_expire, id LIMIT $1`,
      [limit],
    );
  }

  /** Every member who is not a plain active member: deactivated, or staff. */
  /**
   * One page of members and how many match. `q` finds an id, a phone (any
   * part of its digits) or a nickname (any part, case-insensitive).
   */
  async search(f: MemberFilter): Promise<{ rows: MemberListRow[]; total: number }> {
    const where: string[] = [];
    const args: unknown[] = [];
    const arg = (value: unknown) => {
      args.push(value);
      return `$${args.length}`;
    };
    const q = f.q?.trim();
    if (q) {
      const digits = q.replace(/\D/g, '');
      const terms = [`u.nickname ILIKE ${arg(`%${q.replace(/[\\%_]/g, '\\$&')}%`)}`];
      if (digits) terms.push(`u.phone LIKE ${arg(`%${digits}%`)}`);
      if (/^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647)
        terms.push(`u.id = ${arg(Number(q))}`);
      where.push(`(${terms.join(' OR ')})`);
    }
    if (f.level !== undefined) where.push(`u.vip_level = ${arg(f.level)}`);
    if (f.active !== undefined) where.push(`u.is_active = ${arg(f.active)}`);
    if (f.verification) where.push(`u.verification = ${arg(f.verification)}`);
    if (f.role) where.push(`u.role = ${arg(f.role)}`);
    if (f.joinedFrom) where.push(`u.created_at >= ${arg(f.joinedFrom)}`);
    if (f.joinedTo) where.push(`u.created_at < ${arg(f.joinedTo)}`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM users u ${filter}`,
      args,
    );
    const rows: MemberListRow[] = await this.dataSource.query(
      `SELECT u.id, u.phone, u.nickname, u.role, u.is_active, u.vip_level, u.vip_expire, u.verification,
              u.mail, u.inviter_id, u.created_at, s.money, s.points
       FROM users u CROSS JOIN LATERAL ledger_member_summary(u.id) s
       ${filter}
       ORDER BY ${SORTS[f.sort]} ${f.order === 'asc' ? 'ASC' : 'DESC'}, u.id ${f.order === 'asc' ? 'ASC' : 'DESC'}
       LIMIT ${arg(f.limit)} OFFSET ${arg(f.offset)}`,
      args,
    );
    return { rows, total };
  }

  /** Everything the operator's member page shows of the row itself, with balances. */
  async staffView(id: number): Promise<(MemberListRow & { points_hold: string }) | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT u.id, u.phone, u.nickname, u.role, u.is_active, u.vip_level, u.vip_expire, u.verification,
              u.mail, u.inviter_id, u.created_at, s.money, s.points, s.points_hold
       FROM users u CROSS JOIN LATERAL ledger_member_summary(u.id) s WHERE u.id = $1`,
      [id],
    );
    return row;
  }

  /**
   * The number of active admins, counted under a transaction-wide lock that
   * every change of an admin's access takes first: two admins demoting each
   * other at once cannot both see the other as the one who remains.
   */
  async lockedActiveAdmins(db: EntityManager): Promise<number> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('users:active_admins'))`);
    const [row]: { count: number }[] = await db.query(
      `SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND is_active`,
    );
    return row.count;
  }

  /** The role of an account (null when there is none). */
  async roleOf(id: number): Promise<string | null> {
    const [row]: { role: string }[] = await this.dataSource.query(
      `SELECT role FROM users WHERE id = $1`,
      [id],
    );
    return row?.role ?? null;
  }

  /**
   * Activation and role in one statement; the trigger tells every API
   * process. Giving admin or finance to an account that did not have it
   * starts its cooling off (role_granted_at).
   */
  async setAccess(
    id: number,
    change: { active?: boolean; role?: string },
    db: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const [, count]: [unknown[], number] = await db.query(
      `UPDATE users SET is_active = COALESCE($2, is_active), role = COALESCE($3, role),
              role_granted_at = CASE WHEN $3 IN ('admin', 'finance') AND $3 <> role THEN now()
                                     ELSE role_granted_at END,
              updated_at = now()
       WHERE id = $1`,
      [id, change.active ?? null, change.role ?? null],
    );
    return count > 0;
  }

  /** Phone and nickname of each account, for lists that name people. */
  labels(ids: number[]): Promise<{ id: number; phone: string; nickname: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, phone, nickname FROM users WHERE id = ANY($1::int[])`,
      [ids],
    );
  }

  /**
   * Which of `ids` are in `uplineId`'s three levels of team, at which level,
   * with their nicknames (the statement's commission rows).
   */
  teamLevels(
    uplineId: number,
    ids: number[],
  ): Promise<{ id: number; level: number; nickname: string | null }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT id, nickname, CASE $1::int WHEN inviter_id THEN 1 WHEN inviter2_id THEN 2 ELSE 3 END AS level
       FROM users WHERE id = ANY($2::int[]) AND $1::int IN (inviter_id, inviter2_id, inviter3_id)`,
      [uplineId, ids],
    );
  }

  /** The accounts of these phones (stored normalised), by phone. */
  idsByPhone(phones: string[]): Promise<{ id: number; phone: string }[]> {
    if (phones.length === 0) return Promise.resolve([]);
    return this.dataSource.query(`SELECT id, phone FROM users WHERE phone = ANY($1::varchar[])`, [
      phones,
    ]);
  }

  /** Active admins now (the console's warning when one alone cannot have four eyes). */
  async activeAdmins(): Promise<number> {
    const [row]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND is_active`,
    );
    return row.count;
  }

  /**
   * Whether one of the two is in the other's team: `a` among `b`'s three
   * levels of inviters, or `b` among `a`'s (the inviter columns of
   * migration TeamPaging1766770000000).
   */
  async sameTeam(db: EntityManager, a: number, b: number): Promise<boolean> {
    const [row]: { related: boolean }[] = await db.query(
      `SELECT EXISTS (
         SELECT 1 FROM users WHERE (id = $1 AND $2 IN (inviter_id, inviter2_id, inviter3_id))
                                OR (id = $2 AND $1 IN (inviter_id, inviter2_id, inviter3_id))
       ) AS related`,
      [a, b],
    );
    return row.related;
  }

  /** Members who joined in [from, to), by id after `afterId`: a page of the CSV export. */
  exportPage(from: Date, to: Date, afterId: number, membersOnly: boolean, limit = 1000) {
    return this.reports.dataSource.query(
      `SELECT u.id, u.phone, u.nickname, u.role, u.is_active, u.vip_level, u.vip_expire, u.verification,
              u.mail, u.inviter_id, u.created_at, ${CSV_USDT('s.money')} AS money, ${CSV_USDT('s.points')} AS points
       FROM users u CROSS JOIN LATERAL ledger_member_summary(u.id) s
       WHERE u.created_at >= $1 AND u.created_at < $2 AND u.id > $3 AND (NOT $5 OR u.role = 'member')
       ORDER BY u.id LIMIT $4`,
      [from, to, afterId, limit, membersOnly],
    );
  }

  /**
   * Members who joined per UTC day over the last `days` days (operators are
   * staff, not new members: only `role = 'member'` counts): closed days
   * (two and more back) from users_daily_signups, where the worker keeps them
   * (keepClosedSignups); the other days counted live, in one range of
   * users_created_idx from the first day not kept (yesterday, unless the
   * worker fell behind), given to the count as a value so that its estimate
   * is that range's. A count per day as subqueries was estimated at a day's
   * members times every day of the period: past PostgreSQL's jit_above_cost
   * at month three, each dashboard then paid ~190 ms of JIT compilation for
   * 3 ms of work. A read of the reports database: a GET never writes (it may
   * run on a replica).
   */
  async dailySignups(days: number): Promise<{ day: string; count: number }[]> {
    const db = this.reports.dataSource;
    const kept: { day: string; count: number; first_live: string }[] = await db.query(
      `WITH b AS (SELECT (now() AT TIME ZONE 'UTC')::date AS today),
       kept AS (
         SELECT day, count FROM users_daily_signups
         WHERE day >= (SELECT today FROM b) - ($1::int - 1) AND day <= (SELECT today FROM b) - 2
       ), first_live AS (
         SELECT min(d) AS day
         FROM (SELECT (SELECT today FROM b) - i AS d FROM generate_series(0, $1::int - 1) i) period
         WHERE d > (SELECT today FROM b) - 2 OR d NOT IN (SELECT day FROM kept)
       )
       -- The first day to count live, with the kept days (a row of its own when none is kept).
       SELECT to_char(k.day, 'YYYY-MM-DD') AS day, k.count,
              to_char((SELECT day FROM first_live), 'YYYY-MM-DD') AS first_live
       FROM (SELECT day, count FROM kept UNION ALL SELECT NULL, NULL) k`,
      [days],
    );
    const counts = new Map<string, number>();
    for (const row of kept) if (row.day) counts.set(row.day, row.count);
    const live: { day: string; count: number }[] = await db.query(
      `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS count
       FROM users WHERE created_at >= $1::date AT TIME ZONE 'UTC' AND role = 'member' GROUP BY 1`,
      [kept[0].first_live],
    );
    for (const row of live) if (!counts.has(row.day)) counts.set(row.day, row.count);
    return [...counts]
      .filter(([, count]) => count > 0)
      .map(([day, count]) => ({ day, count }))
      .sort((a, b) => a.day.localeCompare(b.day));
  }

  /**
   * Counts and keeps the closed days (two and more back, which nothing can
   * change any more) of the last `days` that users_daily_signups lacks; the
   * worker's, on the primary. Returns how many it kept.
   */
  async keepClosedSignups(days: number): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH b AS (SELECT (now() AT TIME ZONE 'UTC')::date AS today)
       INSERT INTO users_daily_signups (day, count)
       SELECT d::date, (SELECT count(*) FROM users u
         WHERE u.created_at >= d::date AT TIME ZONE 'UTC' AND u.created_at < (d::date + 1) AT TIME ZONE 'UTC'
           AND u.role = 'member')
       FROM generate_series((SELECT today FROM b) - ($1::int - 1), (SELECT today FROM b) - 2, interval '1 day') d
       WHERE NOT EXISTS (SELECT 1 FROM users_daily_signups s WHERE s.day = d::date)
       ON CONFLICT DO NOTHING RETURNING day`,
      [days],
    );
    return rows.length;
  }

  accessExceptions(): Promise<{ id: number; isActive: boolean; role: User['role'] }[]> {
    return this.dataSource.query(
      `SELECT id, is_active AS "isActive", role FROM users WHERE NOT is_active OR role <> 'member'`,
    );
  }

  /** The three levels below a member, by depth then id (DOWNLINE). */
  async downline(id: number): Promise<TeamMemberRow[]> {
    return this.dataSource.query(DOWNLINE, [id]);
  }

  /** A level of the team: its size and how many hold a VIP level now (effectiveVipLevel's rule). */
  async downlineCounts(id: number, depth: 1 | 2 | 3): Promise<{ total: number; vip: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE u.vip_level > 0 AND u.vip_expire > now())::int AS vip
       FROM ${LEVEL_FROM[depth - 1]}`,
      [id],
    );
    return row;
  }

  /**
   * One level of the team, newest first: `limit` members with ids below
   * `before`, read backwards from the level's index, stopping at the page.
   */
  async downlinePage(
    id: number,
    depth: 1 | 2 | 3,
    page: { limit: number; before: number | null },
  ): Promise<TeamMemberRow[]> {
    return this.dataSource.query(
      `${levelRows(depth)} AND ($2::int IS NULL OR u.id < $2) ORDER BY u.id DESC LIMIT $3`,
      [id, page.before, page.limit],
    );
  }
}
