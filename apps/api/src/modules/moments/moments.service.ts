import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { effectiveVipLevel } from '@app/domain';
import { AppError, ValidationFailed } from '../../common/app-error';
import { isStaff, type AuthUser } from '../../common/auth';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { preparedQuery } from '../../database/prepared';
import { AuditService } from '../audit/audit.service';
import { StorageService } from '../storage/storage.service';
import { UploadedFile } from '../storage/uploads';
import { SavedImage, savePhoto } from './moment-images';
import { AdminMoment, LikeState, MomentItem } from './moments.dto';

interface MomentRow {
  id: string;
  user_id: number;
  text: string;
  created_at: Date;
  nickname: string | null;
  vip_level: number;
  vip_expire: Date | null;
  images: { url: string; thumb_url: string; width: number; height: number }[] | null;
  like_count: number;
  liked: boolean;
  reports?: number;
  hidden?: boolean;
}

/** "us***23": enough to recognise oneself, not enough to find someone. */
export function maskName(name: string): string {
  return name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;
}

// Joins the author (users module's published columns via a lateral read) and counts likes from the rows.
const SELECT = `
  SELECT m.id, m.user_id, m.text, m.created_at, a.nickname, a.vip_level, a.vip_expire,
    (SELECT json_agg(json_build_object('url', i.url, 'thumb_url', i.thumb_url, 'width', i.width, 'height', i.height) ORDER BY i.position)
       FROM moment_images i WHERE i.moment_id = m.id) AS images,
    (SELECT count(*)::int FROM moment_likes l WHERE l.moment_id = m.id) AS like_count,
    EXISTS (SELECT 1 FROM moment_likes l WHERE l.moment_id = m.id AND l.user_id = $1) AS liked
  FROM moments m CROSS JOIN LATERAL moment_author(m.user_id) a`;

/**
 * Moments: posts with text and up to nine photos. Photos are re-encoded and
 * stored before the post's row; if anything fails after, they are removed,
 * so a refused post leaves no file and no half post. Likes are rows (one per
 * member), so counts stay right under any number of parallel likes.
 */
@Injectable()
export class MomentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private item(row: MomentRow, viewerId: number): MomentItem {
    return {
      id: Number(row.id),
      author: {
        id: row.user_id,
        name: maskName(row.nickname || `user_${row.user_id}`),
        vip_level: effectiveVipLevel(row.vip_level, row.vip_expire, new Date()),
      },
      text: row.text,
      images: row.images ?? [],
      like_count: row.like_count,
      liked: row.liked,
      mine: row.user_id === viewerId,
      created_at: row.created_at.toISOString(),
    };
  }

  async feed(
    viewerId: number,
    query: { before?: number; limit?: number; userId?: number; mine?: boolean },
  ): Promise<MomentItem[]> {
    // The feed is a hot read: a prepared statement on a pooled connection.
    const rows = await preparedQuery<MomentRow>(
      this.dataSource,
      'moments-feed',
      `${SELECT}
       WHERE m.deleted_at IS NULL AND (m.hidden_at IS NULL OR $5::boolean)
         AND ($2::bigint IS NULL OR m.id < $2) AND ($3::int IS NULL OR m.user_id = $3)
       ORDER BY m.id DESC LIMIT $4`,
      [
        viewerId,
        query.before ?? null,
        query.mine ? viewerId : (query.userId ?? null),
        query.limit ?? 20,
        query.mine ?? false,
      ],
    );
    return rows.map((row) => this.item(row, viewerId));
  }

  async create(userId: number, text: string, files: UploadedFile[]): Promise<{ id: number }> {
    const photos = files.filter((f) => f.field === 'images');
    if (photos.length !== files.length) {
      throw new ValidationFailed([
        { loc: ['body'], msg: 'Send photos as "images"', type: 'value_error.file' },
      ]);
    }
    if (!text && photos.length === 0) {
      throw new ValidationFailed([
        { loc: ['body', 'text'], msg: 'Write something or add a photo', type: 'value_error.empty' },
      ]);
    }
    if (photos.length > 9) throw new AppError('TOO_MANY_FILES');
    await this.checkRate(userId);
    const saved: SavedImage[] = [];
    try {
      for (const photo of photos) saved.push(await savePhoto(this.storage, photo.bytes));
      return await this.dataSource.transaction(async (db) => {
        const [row]: { id: string }[] = await db.query(
          `INSERT INTO moments (user_id, text) VALUES ($1, $2) RETURNING id`,
          [userId, text],
        );
        for (const [position, image] of saved.entries()) {
          await db.query(
            `INSERT INTO moment_images (moment_id, position, url, thumb_url, width, height) VALUES ($1, $2, $3, $4, $5, $6)`,
            [row.id, position, image.url, image.thumbUrl, image.width, image.height],
          );
        }
        return { id: Number(row.id) };
      });
    } catch (error) {
      await Promise.all(saved.flatMap((s) => s.keys).map((key) => this.storage.remove(key)));
      throw error;
    }
  }

  /** MOMENTS_PER_HOUR posts per member per hour (0: no limit), from the posts themselves. */
  private async checkRate(userId: number) {
    const max = this.config.MOMENTS_PER_HOUR;
    if (!max) return;
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM moments WHERE user_id = $1 AND created_at > now() - interval '1 hour'`,
      [userId],
    );
    if (row.n >= max) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many posts: try again within the hour', {
        'Retry-After': '3600',
      });
    }
  }

  private async visible(id: number): Promise<void> {
    const [row] = await this.dataSource.query(
      `SELECT 1 FROM moments WHERE id = $1 AND deleted_at IS NULL AND hidden_at IS NULL`,
      [id],
    );
    if (!row) throw new AppError('NOT_FOUND', 'Post not found');
  }

  async like(userId: number, id: number, liked: boolean): Promise<LikeState> {
    await this.visible(id);
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
    return { like_count: row.like_count, liked: row.liked };
  }

  async report(userId: number, id: number, reason: string): Promise<void> {
    await this.visible(id);
    await this.dataSource.query(
      `INSERT INTO moment_reports (moment_id, user_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [id, userId, reason],
    );
  }

  /** The author deletes their own post; staff any post (audited). Its photos are removed. */
  async remove(user: AuthUser, id: number): Promise<void> {
    const urls = await this.dataSource.transaction(async (db) => {
      const [post] = await db.query(
        `SELECT user_id FROM moments WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
        [id],
      );
      if (!post || (post.user_id !== user.id && !isStaff(user.role))) {
        throw new AppError('NOT_FOUND', 'Post not found');
      }
      await db.query(`UPDATE moments SET deleted_at = now() WHERE id = $1`, [id]);
      if (post.user_id !== user.id) {
        await this.audit.record(db, user.id, 'moment.delete', post.user_id, { moment_id: id });
      }
      const images: { url: string; thumb_url: string }[] = await db.query(
        `SELECT url, thumb_url FROM moment_images WHERE moment_id = $1`,
        [id],
      );
      return images.flatMap((i) => [i.url, i.thumb_url]);
    });
    await Promise.all(urls.map((url) => this.storage.remove(url).catch(() => undefined)));
  }

  async adminList(viewerId: number, reported?: boolean): Promise<AdminMoment[]> {
    const rows: MomentRow[] = await this.dataSource.query(
      `SELECT * FROM (${SELECT.replace('SELECT m.id,', `SELECT (SELECT count(*)::int FROM moment_reports r WHERE r.moment_id = m.id) AS reports, m.hidden_at IS NOT NULL AS hidden, m.deleted_at, m.id,`)}) v
       WHERE v.deleted_at IS NULL AND ($2::boolean IS NOT TRUE OR v.reports > 0)
       ORDER BY v.reports DESC, v.id DESC LIMIT 100`,
      [viewerId, reported ?? null],
    );
    return rows.map((row) => ({
      ...this.item(row, viewerId),
      reports: row.reports ?? 0,
      hidden: row.hidden ?? false,
    }));
  }

  /** Hidden posts disappear for members at once (every read filters them). */
  async setHidden(operatorId: number, id: number, hidden: boolean): Promise<void> {
    await this.dataSource.transaction(async (db) => {
      const [[post]] = (await db.query(
        `UPDATE moments SET hidden_at = CASE WHEN $2 THEN now() END, hidden_by = CASE WHEN $2 THEN $3::int END
         WHERE id = $1 AND deleted_at IS NULL RETURNING user_id`,
        [id, hidden, operatorId],
      )) as [{ user_id: number }[], number];
      if (!post) throw new AppError('NOT_FOUND', 'Post not found');
      await this.audit.record(
        db,
        operatorId,
        hidden ? 'moment.hide' : 'moment.unhide',
        post.user_id,
        {
          moment_id: id,
        },
      );
    });
  }
}
