import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { PageBefore } from '../../common/paging.dto';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/**
 * A message per language: in at least one, each with its title and text;
 * members reading another language get Russian, else the one written.
 */
export class SendMessageBody {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'One member; left out: every member',
    example: 42,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  user_id?: number;

  @ApiPropertyOptional({ example: 'Новые трейлеры этой недели' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 200)
  title_ru?: string;

  @ApiPropertyOptional({ example: 'New trailers this week' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 200)
  title_en?: string;

  @ApiPropertyOptional({ example: 'Bu haftaning yangi treylerlari' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 200)
  title_uz?: string;

  @ApiPropertyOptional({ example: 'Вас ждут десять новых трейлеров.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 5000)
  description_ru?: string;

  @ApiPropertyOptional({ example: 'Ten new trailers are waiting for you.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 5000)
  description_en?: string;

  @ApiPropertyOptional({ example: 'Sizni oʻnta yangi treyler kutmoqda.' })
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @Length(0, 5000)
  description_uz?: string;
}

export class SentMessage {
  @ApiProperty({ type: 'integer', example: 12 })
  id: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'null: sent to every member' })
  user_id: number | null;
}

/**
 * Optional paging (issue 27): without `limit` the answer is the contract's,
 * every message; with it, `limit` messages with ids below `before`.
 */
export class MessagesQuery {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 200,
    description: 'Page size; without it every message comes back (the contract)',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @PageBefore('Only messages with an id below this (the last id of the previous page)')
  before?: number;
}

export class MessageItem {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;
  @ApiProperty({ example: 'Welcome' })
  title: string;
  @ApiProperty({ example: 'Watch trailers every day to earn rewards.' })
  description: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
  created_at: string;
  @ApiProperty({ example: false })
  is_read: boolean;
}
