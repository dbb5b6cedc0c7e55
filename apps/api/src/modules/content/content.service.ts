import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { LANGUAGES, type Language, chooseLanguage } from '../../common/language';
import { SETTING_CARD, SETTING_MAIN_MESSAGE } from './content.entities';
import { ContentRepository } from './content.repository';
import { AuditService } from '../audit/audit.service';
import { EconomyChangeItem } from '../approvals/approvals.dto';
import { EconomyChangesService } from '../approvals/economy-changes.service';
import { StorageService } from '../../infra/storage/storage.service';
import {
  BannerItem,
  CardResponse,
  MainMessage,
  SiteInfo,
  SiteSettings,
  SiteSettingsAnswer,
} from './content.dto';

/** The settings `PUT /admin/settings` edits, and their keys in `app_settings`. */
const SITE_KEYS: Record<keyof SiteSettings, string> = {
  card: SETTING_CARD,
  main_message: SETTING_MAIN_MESSAGE,
  main_message_ru: `${SETTING_MAIN_MESSAGE}.ru`,
  main_message_en: `${SETTING_MAIN_MESSAGE}.en`,
  main_message_uz: `${SETTING_MAIN_MESSAGE}.uz`,
  support_url: 'support_url',
  media_video: 'media.video',
  media_social: 'media.social',
  media_microblog: 'media.microblog',
  media_photo: 'media.photo',
  media_channel: 'media.channel',
  tutorial_recharge: 'tutorial.recharge',
  tutorial_withdraw: 'tutorial.withdraw',
};

const MEDIA_KINDS = ['video', 'social', 'microblog', 'photo', 'channel'] as const;

/**
 * The settings no one person changes while the club has two admins (issue
 * 36): the card members pay into and the link they ask for help at.
 */
const SECOND_ADMIN_FIELDS = ['card', 'support_url'] as const;
type SecondAdminField = (typeof SECOND_ADMIN_FIELDS)[number];

/** Owns `app_settings`: operator-editable texts. */
@Injectable()
export class ContentService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ContentRepository,
    private readonly audit: AuditService,
    private readonly storage: StorageService,
    private readonly changes: EconomyChangesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // A second admin's approval carries the waiting change out as proposed.
    for (const field of SECOND_ADMIN_FIELDS) {
      changes.register(field, async (db, { after, operatorId }) => {
        const value = (after as Record<SecondAdminField, string>)[field];
        const before = (await this.siteSettings(db))[field];
        await this.writeSetting(db, SITE_KEYS[field], value);
        await this.audit.record(db, operatorId, 'content.settings', null, {
          before: { [field]: before },
          after: { [field]: value },
        });
      });
    }
  }

  setting(key: string): Promise<string | null> {
    return this.repository.setting(key);
  }

  /** Writes a setting inside the caller's transaction; returns the value it replaced. */
  replaceSetting(db: EntityManager, key: string, value: string): Promise<string | null> {
    return this.repository.replaceSetting(db, key, value);
  }

  /**
   * The reader's own text when an operator wrote one, else the common one
   * (often a translation key the client translates), else Russian's, else any.
   */
  async mainMessage(lang: Language): Promise<MainMessage> {
    const rows = await this.repository.settings([
      SETTING_MAIN_MESSAGE,
      ...LANGUAGES.map((l) => `${SETTING_MAIN_MESSAGE}.${l}`),
    ]);
    const text = (key: string) => rows.find((row) => row.key === key)?.value ?? '';
    const own = text(`${SETTING_MAIN_MESSAGE}.${lang}`) || text(SETTING_MAIN_MESSAGE);
    const fallback = chooseLanguage(lang, (l) => Boolean(text(`${SETTING_MAIN_MESSAGE}.${l}`)));
    const message = own || (fallback ? text(`${SETTING_MAIN_MESSAGE}.${fallback}`) : '');
    return message ? { message } : {};
  }

  /** The member client's operator-set content: support and media links, banners, tutorials. */
  async site(lang: Language): Promise<SiteInfo> {
    const [settings, all] = await Promise.all([this.siteSettings(), this.banners()]);
    // The reader's banners: every language's, with their own language's or,
    // when it has none, those of the fallback's.
    const shown = chooseLanguage(lang, (l) => all.some((banner) => banner.lang === l));
    const banners = all.filter((banner) => banner.lang === null || banner.lang === shown);
    return {
      support_url: settings.support_url || null,
      explorer_tx_url: this.config.TRON_EXPLORER_TX_URL || null,
      media: MEDIA_KINDS.filter((kind) => settings[`media_${kind}`]).map((kind) => ({
        kind,
        url: settings[`media_${kind}`],
      })),
      banners,
      tutorial: {
        recharge: settings.tutorial_recharge || null,
        withdraw: settings.tutorial_withdraw || null,
      },
    };
  }

  banners(): Promise<BannerItem[]> {
    return this.repository.banners();
  }

  /** The image is stored first; a refused row removes it again (nothing is left half-done). */
  async addBanner(
    operatorId: number,
    image: Buffer,
    form: { link?: string; sort_order?: number; lang?: Language },
  ): Promise<BannerItem[]> {
    const stored = await this.storage.saveImage(image, 'public');
    try {
      await this.dataSource.transaction(async (db) => {
        const row = await this.repository.insertBanner(
          db,
          stored.url,
          form.link || null,
          form.sort_order ?? 0,
          form.lang ?? null,
        );
        await this.audit.record(db, operatorId, 'banner.add', null, { after: row });
      });
    } catch (error) {
      await this.storage.discard([stored.key]);
      throw error;
    }
    return this.banners();
  }

  async removeBanner(operatorId: number, id: number): Promise<BannerItem[]> {
    const removed = await this.dataSource.transaction(async (db) => {
      const row = await this.repository.deleteBanner(db, id);
      if (!row) throw new AppError('NOT_FOUND', 'Banner not found');
      await this.audit.record(db, operatorId, 'banner.remove', null, { before: row });
      return row;
    });
    await this.storage.remove(removed.image_url).catch(() => undefined);
    return this.banners();
  }

  async siteSettings(db?: EntityManager): Promise<SiteSettings> {
    const rows = await this.repository.settings(Object.values(SITE_KEYS), db);
    const value = (key: string) => rows.find((row) => row.key === key)?.value ?? '';
    return Object.fromEntries(
      Object.entries(SITE_KEYS).map(([field, key]) => [field, value(key)]),
    ) as unknown as SiteSettings;
  }

  /**
   * Writes every field (an empty one removes its setting), audited with
   * before and after. A new card or support link waits for a second admin
   * while the club has two (the rest applies at once): it is in the
   * answer's pending_changes, and the field keeps its value until approved.
   */
  async setSiteSettings(operatorId: number, next: SiteSettings): Promise<SiteSettingsAnswer> {
    const pending = await this.dataSource.transaction(async (db) => {
      const before = await this.siteSettings(db);
      const applied = { ...next };
      const waiting: EconomyChangeItem[] = [];
      for (const field of SECOND_ADMIN_FIELDS) {
        if (next[field] === before[field]) continue;
        const change = await this.changes.holdForSecondAdmin(
          db,
          { target: field, before: { [field]: before[field] }, after: { [field]: next[field] } },
          operatorId,
        );
        if (change) {
          waiting.push(change);
          applied[field] = before[field];
        }
      }
      for (const [field, key] of Object.entries(SITE_KEYS)) {
        await this.writeSetting(db, key, applied[field as keyof SiteSettings]);
      }
      await this.audit.record(db, operatorId, 'content.settings', null, {
        before,
        after: applied,
      });
      return waiting;
    });
    return { ...(await this.siteSettings()), pending_changes: pending };
  }

  /** An empty value removes the setting. */
  private async writeSetting(db: EntityManager, key: string, value: string) {
    if (value) await this.replaceSetting(db, key, value);
    else await this.repository.removeSetting(db, key);
  }

  async card(): Promise<CardResponse> {
    return { card: await this.cardNumber() };
  }

  /** The card members pay for card deposits; null while none is set (card deposits are off). */
  async cardNumber(): Promise<string | null> {
    return (await this.setting(SETTING_CARD)) || null;
  }
}
