import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

import { LANGUAGES, type Language, uzbekText } from '../../common/language';
import { EconomyChangeItem, PendingChangesProperty } from '../approvals/approvals.dto';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class CardResponse {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Card number for card deposits; null while none is set (card deposits are off)',
    example: '8600 1234 5678 9012',
  })
  card: string | null;
}

export class MainMessage {
  @ApiProperty({
    required: false,
    description:
      "Translation key or text of the home strip: the reader's own (`lang`, else Accept-Language), else the common one, else Russian, else any",
    example: 'main_message.promotion',
  })
  message?: string;
}

export class MainMessageQuery {
  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: "The reader's language (else Accept-Language); its own text wins",
  })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: Language;
}

/** What operators edit here; an empty text removes that setting. */
export class SiteSettings {
  @ApiProperty({ description: 'Card number for card deposits', example: '8600 1234 5678 9012' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(64)
  card: string;

  @ApiProperty({
    description: 'Home strip for every language (or a translation key)',
    example: 'main_message.promotion',
  })
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  main_message: string;

  @ApiProperty({
    example: 'Новые трейлеры каждый день: смотрите и зарабатывайте.',
    description: 'Home strip in Russian (empty: the one above)',
  })
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  main_message_ru: string;

  @ApiProperty({
    example: 'New trailers every day: watch and earn.',
    description: 'Home strip in English (empty: the one above)',
  })
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  main_message_en: string;

  @ApiProperty({
    example: 'Har kuni yangi treylerlar: tomosha qiling va daromad oling.',
    description: 'Home strip in Uzbek (empty: the one above)',
  })
  @Transform(uzbekText)
  @IsString()
  @MaxLength(500)
  main_message_uz: string;

  @ApiProperty({
    description: 'Customer support link (https)',
    example: 'https://t.me/our_support',
  })
  @Transform(trimmed)
  @IsUrlOrEmpty()
  support_url: string;

  @ApiProperty({
    example: 'https://www.youtube.com/@trailerclub',
    description: 'Video channel link (empty: not shown)',
  })
  @Transform(trimmed)
  @IsUrlOrEmpty()
  media_video: string;

  @ApiProperty({ example: '', description: 'Social network page (empty: not shown)' })
  @Transform(trimmed)
  @IsUrlOrEmpty()
  media_social: string;

  @ApiProperty({ example: '', description: 'Microblog page (empty: not shown)' })
  @Transform(trimmed)
  @IsUrlOrEmpty()
  media_microblog: string;

  @ApiProperty({
    example: 'https://www.instagram.com/trailerclub',
    description: 'Photo network page (empty: not shown)',
  })
  @Transform(trimmed)
  @IsUrlOrEmpty()
  media_photo: string;

  @ApiProperty({
    example: 'https://t.me/trailerclub',
    description: 'Messenger channel (empty: not shown)',
  })
  @Transform(trimmed)
  @IsUrlOrEmpty()
  media_channel: string;

  @ApiProperty({ description: 'Video id of the Recharge tutorial', example: 'dQw4w9WgXcQ' })
  @Transform(trimmed)
  @Matches(/^([A-Za-z0-9_-]{1,64})?$/, { message: 'a video id (letters, digits, - and _)' })
  tutorial_recharge: string;

  @ApiProperty({ description: 'Video id of the Withdraw tutorial', example: 'dQw4w9WgXcQ' })
  @Transform(trimmed)
  @Matches(/^([A-Za-z0-9_-]{1,64})?$/, { message: 'a video id (letters, digits, - and _)' })
  tutorial_withdraw: string;
}

/** The settings as they stand after a change, and what waits for a second admin. */
export class SiteSettingsAnswer extends SiteSettings {
  @PendingChangesProperty()
  pending_changes: EconomyChangeItem[];
}

/** An absolute https (or http) address, or empty for "not set". */
function IsUrlOrEmpty() {
  return Matches(/^(https?:\/\/[^\s/$.?#][^\s]{0,490})?$/, {
    message: 'an http(s) address, or empty',
  });
}

export class BannerItem {
  @ApiProperty({ example: 3, type: 'integer' })
  id: number;
  @ApiProperty({ example: '/media/6f1c….webp' })
  image_url: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where a tap leads (an app path or https address)',
  })
  link: string | null;
  @ApiProperty({ example: 0 })
  sort_order: number;
  @ApiProperty({
    type: String,
    enum: LANGUAGES,
    nullable: true,
    description: 'Shown to readers of this language only (its image has words); null: to everyone',
  })
  lang: Language | null;
}

export class MediaLink {
  @ApiProperty({ enum: ['video', 'social', 'microblog', 'photo', 'channel'] })
  kind: 'video' | 'social' | 'microblog' | 'photo' | 'channel';
  @ApiProperty({ example: 'https://t.me/our_channel' })
  url: string;
}

export class TutorialVideos {
  @ApiProperty({ type: String, nullable: true, description: 'Video id of the Recharge tutorial' })
  recharge: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Video id of the Withdraw tutorial' })
  withdraw: string | null;
}

/** What the member client shows from operator settings (no sign-in needed). */
export class SiteInfo {
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'null: none set; the client then keeps its own default or its support form (POST /support/requests)',
  })
  support_url: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "A block explorer's transaction page: append a tx id to open it (null: no links)",
    example: 'https://tronscan.org/#/transaction/',
  })
  explorer_tx_url: string | null;

  @ApiProperty({ type: [MediaLink], description: 'Only the links an operator set' })
  media: MediaLink[];
  @ApiProperty({
    type: [BannerItem],
    description:
      "Those for every language and those for the reader's (Accept-Language; a language without banners of its own gets Russian's, else any)",
  })
  banners: BannerItem[];
  @ApiProperty({ type: TutorialVideos })
  tutorial: TutorialVideos;
}

export class BannerForm {
  @ApiPropertyOptional({ description: 'An app path (/about) or an https address' })
  @IsOptional()
  @Transform(trimmed)
  @Matches(/^(\/[\w\-/?=&]{0,200}|https?:\/\/[^\s]{1,490})?$/, {
    message: 'an app path or an http(s) address',
  })
  link?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'Lower first', default: 0 })
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
  )
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  sort_order?: number;

  @ApiPropertyOptional({
    enum: LANGUAGES,
    description: 'Only for readers of this language (an image with words); left out: everyone',
  })
  @IsOptional()
  @Transform(({ value }) => (value === '' ? undefined : value))
  @IsIn(LANGUAGES)
  lang?: Language;
}
