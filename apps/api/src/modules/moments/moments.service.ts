import { MemberEventsService } from '../../infra/events/member-events.service';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { effectiveVipLevel } from '@app/domain';
import { AppError, ValidationFailed } from '../../common/app-error';
import { ShortCache } from '../../common/short-cache';
import { isStaff, type AuthUser } from '../../common/auth';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { StorageService } from '../../infra/storage/storage.service';
import { UploadedFile } from '../../infra/storage/uploads';
import { SavedImage, savePhoto } from './moment-images';
import { AdminMoment, LikeState, MomentItem } from './moments.dto';
import { PostRow, MomentsRepository } from './moments.repository';

/** "us***23": enough to recognise oneself, not enough to find someone. */
export function maskName(name: string): string {
  return name.length <= 4 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-2)}`;
}

/**
 * Moments: posts with text and up to nine photos. Photos are re-encoded and
 * stored before the post's row; if anything fails after, they are removed,
 * so a refused post leaves no file and no half post. Likes are rows (one per
 * member), so counts stay right under any number of parallel likes.
 */
@Injectable()
export class MomentsService {
  /**
   * Feed pages as every reader sees them (MOMENTS_FEED_CACHE_MS), by page:
   * the feed was the statement with the most database time at the rush
   * (docs/benchmarks.md, bench:load). Each change to posts or likes made
   * here clears them once committed.
   */
  private readonly pages: ShortCache<string, PostRow[]>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: MomentsRepository,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: MemberEventsService,
  ) {
    this.pages = new ShortCache(config.MOMENTS_FEED_CACHE_MS);
  }

  /** Runs a change to posts or likes, then forgets the kept pages (after the commit). */
  private async changing<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.pages.clear();
    }
  }

  private item(row: PostRow, viewerId: number, liked: boolean): MomentItem {
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
      liked,
      mine: row.user_id === viewerId,
      created_at: row.created_at.toISOString(),
    };
  }

  async feed(
    viewerId: number,
    query: { before?: number; limit?: number; userId?: number; mine?: boolean },
  ): Promise<MomentItem[]> {
    const before = query.before ?? null;
    const authorId = query.mine ? viewerId : (query.userId ?? null);
    const limit = query.limit ?? 20;
    const includeHidden = query.mine ?? false;
    const rows = await this.pages.get(`${before}:${authorId}:${limit}:${includeHidden}`, () =>
      this.repository.feed(before, authorId, limit, includeHidden),
    );
    const liked = await this.repository.likedAmong(
      viewerId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => this.item(row, viewerId, liked.has(row.id)));
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
      return await this.changing(() =>
        this.dataSource.transaction(async (db) => ({
          id: await this.repository.insert(db, userId, text, saved),
        })),
      );
    } catch (error) {
      await this.storage.discard(saved.flatMap((s) => s.keys));
      throw error;
    }
  }

  /** MOMENTS_PER_HOUR posts per member per hour (0: no limit), from the posts themselves. */
  private async checkRate(userId: number) {
    const max = this.config.MOMENTS_PER_HOUR;
    if (!max) return;
    if ((await this.repository.postsLastHour(userId)) >= max) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many posts: try again within the hour', {
        'Retry-After': '3600',
      });
    }
  }

  private async visible(id: number): Promise<void> {
    if (!(await this.repository.isVisible(id))) throw new AppError('NOT_FOUND', 'Post not found');
  }

  async like(userId: number, id: number, liked: boolean): Promise<LikeState> {
    await this.visible(id);
    const row = await this.changing(() => this.repository.setLike(userId, id, liked));
    return { like_count: row.like_count, liked: row.liked };
  }

  async report(userId: number, id: number, reason: string): Promise<void> {
    await this.visible(id);
    await this.repository.insertReport(userId, id, reason);
    this.events.publishQueue('reports', id);
  }

  /** Reported posts members still see (the console's count of posts to look at). */
  waitingCount(): Promise<number> {
    return this.repository.countReportedLive();
  }

  /** The author deletes their own post; staff any post (audited). Its photos are removed. */
  async remove(user: AuthUser, id: number): Promise<void> {
    const urls = await this.changing(() =>
      this.dataSource.transaction(async (db) => {
        const post = await this.repository.lockLive(db, id);
        if (!post || (post.user_id !== user.id && !isStaff(user.role))) {
          throw new AppError('NOT_FOUND', 'Post not found');
        }
        const images = await this.repository.markDeleted(db, id);
        if (post.user_id !== user.id) {
          await this.audit.record(db, user.id, 'moment.delete', post.user_id, { moment_id: id });
        }
        return images.flatMap((i) => [i.url, i.thumb_url]);
      }),
    );
    if (isStaff(user.role)) this.events.publishQueue('reports', id);
    await Promise.all(urls.map((url) => this.storage.remove(url).catch(() => undefined)));
  }

  async adminList(viewerId: number, reported?: boolean): Promise<AdminMoment[]> {
    const rows = await this.repository.adminList(viewerId, reported ?? null);
    return rows.map((row) => ({
      ...this.item(row, viewerId, row.liked),
      reports: row.reports ?? 0,
      hidden: row.hidden ?? false,
    }));
  }

  /**
   * Hidden posts disappear for members at once from this process's feed, and
   * from other API processes' within MOMENTS_FEED_CACHE_MS and one read.
   */
  async setHidden(operatorId: number, id: number, hidden: boolean): Promise<void> {
    await this.changing(() =>
      this.dataSource.transaction(async (db) => {
        const post = await this.repository.setHidden(db, id, hidden, operatorId);
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
      }),
    );
    this.events.publishQueue('reports', id);
  }
}
