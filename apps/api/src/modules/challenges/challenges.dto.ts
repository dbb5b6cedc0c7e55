import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsDateString,
  IsIn,
  IsOptional,
  IsString,
  Length,
  Matches,
} from 'class-validator';
import { IsUsdtAmount } from '../../common/validators';
import { EconomyChangeItem, PendingChangesProperty } from '../approvals/approvals.dto';

export const CHALLENGE_KINDS = ['trailers', 'team_vip1', 'deposits'] as const;
export type ChallengeKind = (typeof CHALLENGE_KINDS)[number];

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class ChallengeItem {
  @ApiProperty({ example: 5, type: 'integer' })
  id: number;
  @ApiProperty({ example: 'Ten trailers this week' })
  title: string;
  @ApiProperty({ example: 'Watch 20 trailers this week' })
  text: string;
  @ApiProperty({
    example: '/media/3b9d2c4e-challenge.webp',
    description: 'Empty when there is none',
  })
  image_url: string;
  @ApiProperty({
    enum: CHALLENGE_KINDS,
    description:
      'trailers: trailers counted between the dates; team_vip1: members you invited who are VIP1 or above now; deposits: USDT deposited between the dates',
  })
  kind: ChallengeKind;
  @ApiProperty({ description: 'USDT paid once on claim', example: 5 })
  reward: number;
  @ApiProperty({ description: 'Your progress, from real activity', example: 3 })
  count: number;
  @ApiProperty({ example: 10 })
  goal: number;
  @ApiProperty()
  completed: boolean;
  @ApiProperty()
  claimed: boolean;
  @ApiProperty({ format: 'date-time' })
  starts_at: string;
  @ApiProperty({ format: 'date-time' })
  ends_at: string;
}

export class ClaimResponse {
  @ApiProperty({ description: 'USDT credited to the E-Wallet', example: 5 })
  reward: number;
}

export class ChallengeBody {
  @ApiProperty({ example: 'Ten trailers this week' })
  @Transform(trimmed)
  @IsString()
  @Length(1, 200)
  title: string;

  @ApiProperty({ example: 'Watch ten trailers before Sunday.' })
  @Transform(trimmed)
  @IsString()
  @Length(0, 2000)
  text: string;

  @ApiPropertyOptional({
    example: '/media/3b9d2c4e-challenge.webp',
    description: 'An uploaded image (/media/…) or empty',
  })
  @IsOptional()
  @Transform(trimmed)
  @Matches(/^(\/media\/[\w.-]{1,100}|\/static\/[\w./-]{1,200})?$/, {
    message: 'an image of this service, or empty',
  })
  image_url?: string;

  @ApiProperty({ enum: CHALLENGE_KINDS })
  @IsIn(CHALLENGE_KINDS)
  kind: ChallengeKind;

  @ApiProperty({
    description: 'A count, or USDT for deposits',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 10,
  })
  @IsUsdtAmount()
  goal: number | string;

  @ApiProperty({ description: 'USDT', oneOf: [{ type: 'number' }, { type: 'string' }], example: 5 })
  @IsUsdtAmount()
  reward: number | string;

  @ApiProperty({ format: 'date-time' })
  @IsDateString()
  starts_at: string;

  @ApiProperty({ format: 'date-time' })
  @IsDateString()
  ends_at: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean()
  published?: boolean;
}

export class AdminChallenge extends ChallengeItem {
  @ApiProperty()
  published: boolean;
  @ApiProperty({ example: 37, description: 'Members who claimed it' })
  claims: number;
}

/** A challenge as it stands after a change, and what waits for a second admin. */
export class ChallengeAnswer extends AdminChallenge {
  @PendingChangesProperty()
  pending_changes: EconomyChangeItem[];
}

export class ProgressLevel {
  @ApiProperty({ example: 1 })
  level: number;
  @ApiProperty({ description: 'USDT', example: 150 })
  goal: number;
  @ApiProperty({ description: 'USDT deposited in total (TRON and card)', example: 60 })
  value: number;
}

export class ProgressResponse {
  @ApiProperty({ type: [ProgressLevel] })
  levels: ProgressLevel[];
  @ApiProperty({ description: "Trailers a day at the member's level now", example: 4 })
  daily_tasks: number;
  @ApiProperty({ type: 'integer', description: 'The level that counts now', example: 1 })
  vip_level: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  vip_expire: string | null;
}
