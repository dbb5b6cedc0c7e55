import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { JsonText } from '../../common/json-text';
import { ShortCache } from '../../common/short-cache';
import { APP_CONFIG, AppConfig } from '../../config/config';
import {
  FALLBACK_LANGUAGE,
  type Language,
  checkLanguages,
  chooseLanguage,
  textsOf,
} from '../../common/language';
import { Trailer } from './trailer.entity';
import { AdminTrailer, TrailerBody, TrailerSummary, TrailerView } from './trailers.dto';
import { AuditService } from '../audit/audit.service';
import { TrailerViewsStore } from './trailer-views.store';
import { PublishedTrailer, TrailersRepository } from './trailers.repository';

/**
 * A trailer in the reader's language: the title's language (theirs, else
 * Russian, else any) gives the description too, so the two always match.
 */
const summary = (t: PublishedTrailer, lang: Language): TrailerSummary => {
  const chosen = chooseLanguage(lang, (candidate) => Boolean(t.title[candidate])) ?? lang;
  return {
    id: t.id,
    title: t.title[chosen] ?? '',
    description: t.description[chosen] ?? '',
    image_url: t.imageUrl,
    category: t.category,
  };
};

const adminItem = (t: Trailer, lang: Language = FALLBACK_LANGUAGE): AdminTrailer => ({
  ...summary(t, lang),
  title_ru: t.title.ru ?? '',
  title_en: t.title.en ?? '',
  title_uz: t.title.uz ?? '',
  description_ru: t.description.ru ?? '',
  description_en: t.description.en ?? '',
  description_uz: t.description.uz ?? '',
  trailer_key: t.trailerKey,
  sort_order: t.sortOrder,
  published: t.published,
  created_at: t.createdAt.toISOString(),
});

const columns = (body: TrailerBody): Partial<Trailer> => ({
  title: textsOf({ ru: body.title_ru, en: body.title_en, uz: body.title_uz }),
  description: textsOf({
    ru: body.description_ru,
    en: body.description_en,
    uz: body.description_uz,
  }),
  trailerKey: body.trailer_key,
  category: body.category,
  sortOrder: body.sort_order ?? 0,
  published: body.published ?? true,
});

@Injectable()
export class TrailersService {
  /**
   * The published catalogue, the same for every member: every home screen
   * asks for it, at the rush hundreds a second (docs/benchmarks.md, bench:load).
   */
  private readonly catalogue: ShortCache<'published', PublishedTrailer[]>;
  /**
   * The kept catalogue as each language's readers get it, made and serialised
   * once per kept answer (a new answer is a new array, and its lists go with
   * the old one): each /trailers request picked every title's language anew,
   * 60 titles at a time, and serialised them again.
   */
  private readonly summaries = new WeakMap<
    PublishedTrailer[],
    Map<Language, JsonText<TrailerSummary[]>>
  >();

  constructor(
    private readonly trailers: TrailersRepository,
    private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly views: TrailerViewsStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.catalogue = new ShortCache(config.TRAILERS_CACHE_MS, 1);
  }

  private published(): Promise<PublishedTrailer[]> {
    return this.catalogue.get('published', () => this.trailers.list());
  }

  /** Runs an operator's change of the catalogue, then forgets the kept one (after the commit). */
  private async changing<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.catalogue.clear();
    }
  }

  countedBetween(userId: number, from: Date, to: Date) {
    return this.trailers.countedBetween(userId, from, to);
  }

  async listAll(lang: Language): Promise<AdminTrailer[]> {
    return (await this.trailers.listAll()).map((trailer) => adminItem(trailer, lang));
  }

  /** A new trailer without a poster yet (an empty image_url until one is uploaded), audited. */
  async create(operatorId: number, body: TrailerBody): Promise<AdminTrailer> {
    checkLanguages(body, 'title');
    return this.changing(() =>
      this.dataSource.transaction(async (db) => {
        const row = await this.trailers.insert(db, { ...columns(body), imageUrl: '' });
        await this.audit.record(db, operatorId, 'trailer.create', null, {
          trailer_id: row.id,
          after: body,
        });
        return adminItem(row);
      }),
    );
  }

  async update(operatorId: number, id: number, body: TrailerBody): Promise<AdminTrailer> {
    checkLanguages(body, 'title');
    return this.changing(() =>
      this.dataSource.transaction(async (db) => {
        const changed = await this.trailers.update(db, id, columns(body));
        if (!changed) throw new AppError('NOT_FOUND', 'Trailer not found');
        await this.audit.record(db, operatorId, 'trailer.update', null, {
          trailer_id: id,
          before: adminItem(changed.before),
          after: adminItem(changed.after),
        });
        return adminItem(changed.after);
      }),
    );
  }

  /** Members who had a trailer counted, per UTC day (the dashboard's active members). */
  dailyActive(days: number) {
    return this.trailers.dailyActive(days);
  }

  /** The catalogue in the reader's language, serialised; shared by readers: not to be changed. */
  async list(lang: Language): Promise<JsonText<TrailerSummary[]>> {
    const published = await this.published();
    let byLanguage = this.summaries.get(published);
    if (!byLanguage) this.summaries.set(published, (byLanguage = new Map()));
    let list = byLanguage.get(lang);
    if (!list)
      byLanguage.set(
        lang,
        (list = new JsonText(published.map((trailer) => summary(trailer, lang)))),
      );
    return list;
  }

  /** After a poster change commits (PostersService): the next catalogue read sees it. */
  posterChanged(): void {
    this.catalogue.clear();
  }

  /** Sets a trailer's poster in the caller's transaction; returns the previous one. */
  async setPoster(db: EntityManager, id: number, imageUrl: string): Promise<string> {
    const previous = await this.trailers.setPoster(db, id, imageUrl);
    if (previous === undefined) throw new AppError('NOT_FOUND', 'Trailer not found');
    return previous;
  }

  /** The trailer, and a new view of it for this member (which ends their previous one). */
  async open(userId: number, id: number, lang: Language): Promise<TrailerView> {
    // Drafts (unpublished) do not exist for members.
    const trailer = await this.trailers.findById(id);
    if (!trailer) throw new AppError('NOT_FOUND', 'Trailer not found');
    const viewId = await this.views.open(userId, id);
    return { ...summary(trailer, lang), trailer_key: trailer.trailerKey, view_id: viewId };
  }

  /** Titles of published trailers in the reader's language, by id (the statement's references). */
  async titles(ids: number[], lang: Language): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const wanted = new Set(ids);
    const trailers = (await this.published()).filter((trailer) => wanted.has(trailer.id));
    return new Map(trailers.map((trailer) => [trailer.id, summary(trailer, lang).title]));
  }
}
