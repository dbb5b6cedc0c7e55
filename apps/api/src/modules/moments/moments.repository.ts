import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { preparedQuery } from '../../database/prepared';
import { batchedRead } from '../../database/read-batch';

/** A post as every reader sees it; `liked` is the reader's own. */
export interface PostRow {
  id: string;
  user_id: number;
  text: string;
  created_at: Date;
  nickname: string | null;
  vip_level: number;
  vip_expire: Date | null;
  images: { url: string; thumb_url: string; width: number; height: number }[] | null;
  like_count: number;
}

export interface MomentRow extends PostRow {
  liked: boolean;
  reports?: number;
  hidden?: boolean;
}

// The post, its author (users module's published columns via a lateral read), its photos and its like count.
const POST_COLUMNS = `m.id, m.user_id, m.text, m.created_at, a.nickname, a.vip_level, a.vip_expire,
    (SELECT json_agg(json_build_object('url', i.url, 'thumb_url', i.thumb_url, 'width', i.width, 'height', i.height) ORDER BY i.position)
       FROM moment_images i WHERE i.moment_id = m.id) AS images,
    (SELECT count(*)::int FROM moment_likes l WHERE l.moment_id = m.id) AS like_count`;
const FROM_POSTS = `FROM moments m CROSS JOIN LATERAL moment_author(m.user_id) a`;

/** A reader's question: which of these posts do I like? */
interface LikesKey {
  userId: number;
  ids: string[];
}

/** The only door to `moments`, `moment_images`, `moment_likes` and `moment_reports`. */
@Injectable()
export class MomentsRepository {
  /** The likes questions of a turn, as one statement (READ_BATCH_SIZE). */
  private readonly likes: (key: LikesKey) => Promise<Set<string>>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.likes = batchedRead(config.READ_BATCH_SIZE, (keys) => this.likeRows(keys));
  }

  /** A page of the feed, the same for every reader: a prepared statement on a pooled connection. */
  feed(
    before: number | null,
    authorId: number | null,
    limit: number,
    includeHidden: boolean,
  ): Promise<PostRow[]> {
    return preparedQuery<PostRow>(
      this.dataSource,
      'moments-feed-page',
      `SELECT ${POST_COLUMNS} ${FROM_POSTS}
       WHERE m.deleted_at IS NULL AND (m.hidden_at IS NULL OR $4::boolean)
         AND ($1::bigint IS NULL OR m.id < $1) AND ($2::int IS NULL OR m.user_id = $2)
       ORDER BY m.id DESC LIMIT $3`,
      [before, authorId, limit, includeHidden],
    );
  }

  /**
   * Which of these posts the member likes. The feeds' questions of a turn go
   * as one prepared statement (READ_BATCH_SIZE, database/read-batch.ts): every
   * asker's likes among every asked post, each asker then keeping their own.
   */
  async likedAmong(userId: number, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    return this.likes({ userId, ids });
  }

  private async likeRows(keys: readonly LikesKey[]): Promise<Set<string>[]> {
    const rows = await preparedQuery<{ user_id: number; id: string }>(
      this.dataSource,
      'moments-liked-among-many',
      `SELECT user_id, moment_id AS id FROM moment_likes
       WHERE user_id = ANY($1::int[]) AND moment_id = ANY($2::bigint[])`,
      [[...new Set(keys.map((key) => key.userId))], [...new Set(keys.flatMap((key) => key.ids))]],
    );
    // Each asker's likes once, then each question keeps the posts it asked about.
    const likedBy = new Map<number, Set<string>>();
    for (const row of rows) {
      let liked = likedBy.get(row.user_id);
      if (!liked) likedBy.set(row.user_id, (liked = new Set()));
      liked.add(row.id);
    }
    return keys.map((key) => new Set(key.ids.filter((id) => likedBy.get(key.userId)?.has(id))));
  }

  /** Inserts a post and its images, in the caller's transaction. */
  async insert(
    db: EntityManager,
    userId: number,
    text: string,
    images: { url: string; thumbUrl: string; width: number; height: number }[],
  ): Promise<number> {
    const [row]: { id: string }[] = await db.query(
      `INSERT INTO moments (user_id, text) VALUES ($1, $2) RETURNING id`,
      [userId, text],
    );
    for (const [position, image] of images.entries()) {
      await db.query(
        `INSERT INTO moment_images (moment_id, position, url, thumb_url, width, height) VALUES ($1, $2, $3, $4, $5, $6)`,
        [row.id, position, image.url, image.thumbUrl, image.width, image.height],
      );
    }
    return Number(row.id);
  }

  /** Posts the member wrote in the last hour. */
  async postsLastHour(userId: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM moments WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
      [userId],
    );
    return row.n;
  }

  /** Whether the post exists, is not deleted and not hidden. */
  async isVisible(id: number): Promise<boolean> {
    const [row] = await this.dataSource.query(
      `SELECT 1 FROM moments WHERE id = $1 AND deleted_at IS NULL AND hidden_at IS NULL`,
      [id],
    );
    return Boolean(row);
  }

  async setLike(
    userId: number,
    id: number,
    liked: boolean,
  ): Promise<{ like_count: number; liked: boolean }> {
    await this.dataSource.query(
      liked
        ? `INSERT INTO moment_likes (moment_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
        : `DELETE FROM moment_likes WHERE moment_id = $1 AND user_id = $2`,
      [id, userId],
    );
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS like_count, bool_or(user_id = $2) IS TRUE AS liked FROM moment_likes WHERE moment_id = $1`,
      [id, userId],
    );
    return row;
  }

  async insertReport(userId: number, id: number, reason: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO moment_reports (moment_id, user_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [id, userId, reason],
    );
  }

  /** The author of a live post, its row locked; null when there is none. */
  async lockLive(db: EntityManager, id: number): Promise<{ user_id: number } | null> {
    const [post] = await db.query(
      `SELECT user_id FROM moments WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
      [id],
    );
    return post ?? null;
  }

  /** Marks the post deleted and returns its images' files. */
  async markDeleted(db: EntityManager, id: number): Promise<{ url: string; thumb_url: string }[]> {
    await db.query(`UPDATE moments SET deleted_at = now() WHERE id = $1`, [id]);
    return db.query(`SELECT url, thumb_url FROM moment_images WHERE moment_id = $1`, [id]);
  }

  adminList(viewerId: number, reported: boolean | null): Promise<MomentRow[]> {
    return this.dataSource.query(
      `SELECT * FROM (
         SELECT (SELECT count(*)::int FROM moment_reports r WHERE r.moment_id = m.id) AS reports,
           m.hidden_at IS NOT NULL AS hidden, m.deleted_at, ${POST_COLUMNS},
           EXISTS (SELECT 1 FROM moment_likes l WHERE l.moment_id = m.id AND l.user_id = $1) AS liked
         ${FROM_POSTS}) v
       WHERE v.deleted_at IS NULL AND ($2::boolean IS NOT TRUE OR v.reports > 0)
       ORDER BY v.reports DESC, v.id DESC LIMIT 100`,
      [viewerId, reported],
    );
  }

  /** Reported posts neither hidden nor deleted. */
  async countReportedLive(): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM moments m
       WHERE m.deleted_at IS NULL AND m.hidden_at IS NULL
         AND EXISTS (SELECT 1 FROM moment_reports r WHERE r.moment_id = m.id)`,
    );
    return row.n;
  }

  /** Hides or shows a live post; its author, or null when there is none. */
  async setHidden(
    db: EntityManager,
    id: number,
    hidden: boolean,
    operatorId: number,
  ): Promise<{ user_id: number } | null> {
    const [[post]] = (await db.query(
      `UPDATE moments SET hidden_at = CASE WHEN $2 THEN now() END, hidden_by = CASE WHEN $2 THEN $3::int END
       WHERE id = $1 AND deleted_at IS NULL RETURNING user_id`,
      [id, hidden, operatorId],
    )) as [{ user_id: number }[], number];
    return post ?? null;
  }
}
