import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
} from 'class-validator';
import {
  VIEW_ID_PATTERN,
  VIEW_POSITION_MAX_SECONDS,
  VIEW_STATES,
  type ViewState,
} from '@app/domain';
import { IdParam } from '../../common/id-param.dto';

export const TRAILER_CATEGORIES = ['hot', 'new', 'soon'] as const;
const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class TrailerSummary {
  @ApiProperty({ type: 'integer', example: 12 })
  id: number;
  @ApiProperty({ example: 'Night Harbour' })
  title: string;
  @ApiProperty({ example: 'A lighthouse keeper finds a ship that sank fifty years ago.' })
  description: string;
  @ApiProperty({
    description: 'Poster path on this API (prefix with the API base)',
    example: '/static/trailers/12.svg',
  })
  image_url: string;
  @ApiProperty({ enum: TRAILER_CATEGORIES, description: 'hot pick, new movie or coming soon' })
  category: 'hot' | 'new' | 'soon';
}

export class TrailerDetail extends TrailerSummary {
  @ApiProperty({ description: 'Video id on the external video site', example: 'dQw4w9WgXcQ' })
  trailer_key: string;
}

/** `GET /trailers/{id}`: the trailer and the view this call opened. */
export class TrailerView extends TrailerDetail {
  @ApiProperty({
    description:
      "This member's new view of the trailer (it ends their previous one): its beats report the player, and the watch names it",
    example: 'q3Zk0cT1Jx8mW5rB2yN7aQ',
  })
  view_id: string;
}

const VIEW_ID_MESSAGE = 'view_id is the view_id GET /trailers/{id} answered';

export class ViewParam extends IdParam {
  @ApiProperty({ example: 'q3Zk0cT1Jx8mW5rB2yN7aQ' })
  @IsString()
  @Matches(VIEW_ID_PATTERN, { message: VIEW_ID_MESSAGE })
  view_id: string;
}

export class BeatBody {
  @ApiProperty({
    enum: VIEW_STATES,
    description:
      "The player's state now: `hidden` whenever the page is not visible, whatever the player does",
  })
  @IsIn(VIEW_STATES)
  state: ViewState;

  @ApiProperty({ description: "The player's position in the video, seconds", example: 7.4 })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(VIEW_POSITION_MAX_SECONDS)
  position: number;
}

export class BeatResponse {
  @ApiProperty({
    description:
      'Seconds of this view the server counted as played: time between beats while the previous one said `playing`, as far as the position moved',
    example: 8.1,
  })
  played: number;
  @ApiProperty({ description: 'Seconds it must reach for the watch to count', example: 10 })
  needed: number;
}

export class WatchBody {
  @ApiProperty({ description: 'The view the beats reported', example: 'q3Zk0cT1Jx8mW5rB2yN7aQ' })
  @IsString()
  @Matches(VIEW_ID_PATTERN, { message: VIEW_ID_MESSAGE })
  view_id: string;
}

export class TodayResponse {
  @ApiProperty({ description: 'USDT earned from trailers today (UTC)', example: 1.5 })
  amount: number;
  @ApiProperty({ description: 'Trailers counted today', example: 3 })
  count: number;
}

/** `GET /users/me/today`: the day's figures and which trailers they counted. */
export class MemberTodayResponse extends TodayResponse {
  @ApiProperty({
    type: [Number],
    description:
      'Trailers counted today (UTC), ascending: the films grid and page mark them, since a second watch of one of them the same day is refused (ALREADY_WATCHED)',
    example: [3, 12],
  })
  trailer_ids: number[];
}

export class WatchResponse {
  @ApiProperty({ description: 'USDT credited for this trailer', example: 0.5 })
  reward: number;
  @ApiProperty({ type: TodayResponse })
  today: TodayResponse;
}

/**
 * A trailer as operators edit it (the poster is uploaded apart): title and
 * description per language, a title in at least one (members reading another
 * get Russian, else the one written); an empty text is "not written".
 */
export class TrailerBody {
  @ApiPropertyOptional({ example: 'Ночная гавань' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 200)
  title_ru?: string;

  @ApiPropertyOptional({ example: 'Night Harbour' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 200)
  title_en?: string;

  @ApiPropertyOptional({ example: 'Tungi bandargoh' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 200)
  title_uz?: string;

  @ApiPropertyOptional({ example: 'Смотритель маяка видит корабль, затонувший полвека назад.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 5000)
  description_ru?: string;

  @ApiPropertyOptional({ example: 'A lighthouse keeper finds a ship that sank fifty years ago.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 5000)
  description_en?: string;

  @ApiPropertyOptional({ example: 'Mayoq qorovuli ellik yil oldin choʻkkan kemani koʻradi.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 5000)
  description_uz?: string;

  @ApiProperty({ description: 'Video id on the external video site', example: 'dQw4w9WgXcQ' })
  @Transform(trimmed)
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, {
    message: 'trailer_key is a video id (letters, digits, - and _)',
  })
  trailer_key: string;

  @ApiProperty({ enum: TRAILER_CATEGORIES })
  @IsIn(TRAILER_CATEGORIES)
  category: 'hot' | 'new' | 'soon';

  @ApiPropertyOptional({ type: 'integer', description: 'Lower first', default: 0 })
  @IsOptional()
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  sort_order?: number;

  @ApiPropertyOptional({ description: 'Members see published trailers only', default: true })
  @IsOptional()
  @IsBoolean()
  published?: boolean;
}

/** What operators see: the texts of every language, and `title`/`description` in theirs. */
export class AdminTrailer extends TrailerDetail {
  @ApiProperty({ example: 'Интерстеллар', description: 'Empty: not written in Russian' })
  title_ru: string;
  @ApiProperty({ example: 'Interstellar' })
  title_en: string;
  @ApiProperty({ example: 'Interstellar' })
  title_uz: string;
  @ApiProperty({
    example: 'Экипаж отправляется через червоточину в поисках нового дома для человечества.',
  })
  description_ru: string;
  @ApiProperty({
    example: 'A crew travels through a wormhole in search of a new home for humanity.',
  })
  description_en: string;
  @ApiProperty({ example: 'Ekipaj insoniyat uchun yangi uy izlab chuvalchang teshigidan o‘tadi.' })
  description_uz: string;
  @ApiProperty({ example: 0 })
  sort_order: number;
  @ApiProperty()
  published: boolean;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class PosterResponse {
  @ApiProperty({ example: '/media/0b0c3f7e-2f7e-4a51-9a53-6d1f0f4e9c2a.webp' })
  image_url: string;
}
