import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min, Max } from 'class-validator';
import { PageBefore, PageLimit } from '../../common/paging.dto';

export const MOMENT_TEXT_MAX = 500;

export class MomentAuthor {
  @ApiProperty({ example: 1042, type: 'integer' })
  id: number;
  @ApiProperty({ description: 'Masked: the first two and last two characters', example: 'us***23' })
  name: string;
  @ApiProperty({ example: 2, type: 'integer', description: 'The level that counts now' })
  vip_level: number;
}

export class MomentImage {
  @ApiProperty({ example: '/media/0b5c….webp' })
  url: string;
  @ApiProperty({ example: '/media/9a1e….webp' })
  thumb_url: string;
  @ApiProperty({ example: 960 })
  width: number;
  @ApiProperty({ example: 1280 })
  height: number;
}

export class MomentItem {
  @ApiProperty({ example: 318, type: 'integer' })
  id: number;
  @ApiProperty({ type: MomentAuthor })
  author: MomentAuthor;
  @ApiProperty({ example: 'My first week as VIP2: 10 trailers a day!' })
  text: string;
  @ApiProperty({ type: [MomentImage] })
  images: MomentImage[];
  @ApiProperty({ example: 12, type: 'integer' })
  like_count: number;
  @ApiProperty({ description: 'You liked it' })
  liked: boolean;
  @ApiProperty({ description: 'It is yours (you may delete it)' })
  mine: boolean;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class MomentsQuery {
  @PageBefore('Only posts with an id below this (the next page)')
  before?: number;

  @PageLimit(50, 20)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', description: "One member's posts (search by member ID)" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  user_id?: number;
}

export class MomentForm {
  @ApiPropertyOptional({ maxLength: MOMENT_TEXT_MAX })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(MOMENT_TEXT_MAX)
  text?: string;
}

export class MomentCreated {
  @ApiProperty({ example: 318, type: 'integer' })
  id: number;
}

export class LikeState {
  @ApiProperty({ example: 13, type: 'integer' })
  like_count: number;
  @ApiProperty()
  liked: boolean;
}

export class ReportBody {
  @ApiPropertyOptional({ example: 'Advertises another site', maxLength: 200 })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(200)
  reason?: string;
}

export class AdminMoment extends MomentItem {
  @ApiProperty({ example: 2, description: 'Reports by members' })
  reports: number;
  @ApiProperty()
  hidden: boolean;
}

export class AdminMomentsQuery {
  @ApiPropertyOptional({ description: 'Only reported posts', type: Boolean })
  @IsOptional()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsIn([true, false], { message: 'reported must be true or false' })
  reported?: boolean;
}
