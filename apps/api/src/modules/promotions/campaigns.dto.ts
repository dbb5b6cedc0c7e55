import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDateString, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { IsUsdtAmount } from '../../common/validators';
import { EconomyChangeItem, PendingChangesProperty } from '../approvals/approvals.dto';
import { MAX_VIP_LEVEL } from '@app/domain';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** An invitation campaign: who qualifies, what both sides get in points, and how long it is held. */
export class CampaignBody {
  @ApiProperty({ example: 'Spring invitations' })
  @Transform(trimmed)
  @IsString()
  @Length(1, 100)
  name: string;

  @ApiPropertyOptional({
    description: 'The name members reading Russian see (else the name above)',
    example: 'Зимние приглашения',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @Length(0, 100)
  name_ru?: string;

  @ApiPropertyOptional({ description: 'The name in English', example: 'Winter invitations' })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @Length(0, 100)
  name_en?: string;

  @ApiPropertyOptional({
    description: 'The name in Uzbek (Latin script)',
    example: 'Qishki takliflar',
  })
  @Transform(trimmed)
  @IsOptional()
  @IsString()
  @Length(0, 100)
  name_uz?: string;

  @ApiProperty({ format: 'date-time', example: '2026-12-01T00:00:00.000Z' })
  @IsDateString()
  starts_at: string;

  @ApiProperty({ format: 'date-time', example: '2026-12-31T00:00:00.000Z' })
  @IsDateString()
  ends_at: string;

  @ApiProperty({
    type: 'integer',
    description: 'The lowest package that qualifies',
    minimum: 1,
    maximum: MAX_VIP_LEVEL,
    example: 2,
  })
  @IsInt()
  @Min(1)
  @Max(MAX_VIP_LEVEL)
  min_vip_level: number;

  @ApiProperty({
    description: 'Points for the inviter',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 10,
  })
  @IsUsdtAmount({ allowZero: true })
  inviter_points: number | string;

  @ApiProperty({
    description: 'Points for the new member',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 5,
  })
  @IsUsdtAmount({ allowZero: true })
  member_points: number | string;

  @ApiProperty({
    type: 'integer',
    description: 'Days the points stay held before they can be used',
    minimum: 0,
    maximum: 365,
    example: 30,
  })
  @IsInt()
  @Min(0)
  @Max(365)
  hold_days: number;
}

export class CampaignItem {
  @ApiProperty({ example: 2, type: 'integer' })
  id: number;
  @ApiProperty({
    example: 'Spring invitations',
    description:
      "The operators' name; on /bonus, the name in the reader's language (Accept-Language), else Russian, else this",
  })
  name: string;
  @ApiProperty({
    example: 'Весенние приглашения',
    description: "The name in Russian ('' when not written)",
  })
  name_ru: string;
  @ApiProperty({
    example: 'Spring invitations',
    description: "The name in English ('' when not written)",
  })
  name_en: string;
  @ApiProperty({
    example: 'Bahorgi takliflar',
    description: "The name in Uzbek ('' when not written)",
  })
  name_uz: string;
  @ApiProperty({ format: 'date-time' })
  starts_at: string;
  @ApiProperty({ format: 'date-time' })
  ends_at: string;
  @ApiProperty({ example: 1, type: 'integer' })
  min_vip_level: number;
  @ApiProperty({ example: 5 })
  inviter_points: number;
  @ApiProperty({ example: 2 })
  member_points: number;
  @ApiProperty({ example: 7 })
  hold_days: number;
  @ApiProperty({ description: 'Running now' })
  running: boolean;
}

/** A campaign as it stands after a change, and what waits for a second admin. */
export class CampaignAnswer extends CampaignItem {
  @PendingChangesProperty()
  pending_changes: EconomyChangeItem[];
}

export class BonusTeamRates {
  @ApiProperty({ description: 'Percent of the reward for the inviter one level up', example: 10 })
  level1: number;
  @ApiProperty({ example: 5 })
  level2: number;
  @ApiProperty({ example: 2 })
  level3: number;
}

/** The referral and team rules in force now (the /bonus page). */
export class BonusRules {
  @ApiProperty({ type: BonusTeamRates })
  team_rates: BonusTeamRates;
  @ApiProperty({
    type: CampaignItem,
    nullable: true,
    description: 'The invitation campaign running now',
  })
  campaign: CampaignItem | null;
}
