import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsDateString,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { BalanceRecordItem } from '../wallet/wallet.dto';
import { MAX_VIP_LEVEL } from '@app/domain';

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

/** Filters, sort and page of the members list; the client keeps them in its URL. */
export class MemberListQuery {
  @ApiPropertyOptional({ description: 'An id, part of a phone number or part of a nickname' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  q?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_VIP_LEVEL })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_VIP_LEVEL)
  level?: number;

  @ApiPropertyOptional({ type: Boolean })
  @IsOptional()
  @Transform(toBoolean)
  @IsIn([true, false], { message: 'active must be true or false' })
  active?: boolean;

  @ApiPropertyOptional({ enum: ['none', 'pending', 'approved', 'rejected'] })
  @IsOptional()
  @IsIn(['none', 'pending', 'approved', 'rejected'])
  verification?: string;

  @ApiPropertyOptional({ enum: ['member', 'admin', 'finance', 'support'] })
  @IsOptional()
  @IsIn(['member', 'admin', 'finance', 'support'])
  role?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Joined on or after this day (UTC)' })
  @IsOptional()
  @IsDateString()
  joined_from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Joined before this day (UTC)' })
  @IsOptional()
  @IsDateString()
  joined_to?: string;

  @ApiPropertyOptional({ enum: ['id', 'created_at', 'money', 'vip_level'], default: 'id' })
  @IsOptional()
  @IsIn(['id', 'created_at', 'money', 'vip_level'])
  sort?: 'id' | 'created_at' | 'money' | 'vip_level';

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class MemberSummary {
  @ApiProperty({ example: 42 })
  id: number;
  @ApiProperty({ example: '+998901234567' })
  phone: string;
  @ApiProperty({ type: String, nullable: true })
  nickname: string | null;
  @ApiProperty({ enum: ['member', 'admin', 'finance', 'support'] })
  role: 'member' | 'admin' | 'finance' | 'support';
  @ApiProperty()
  is_active: boolean;
  @ApiProperty({ description: 'The level that counts now (0 once expired)', example: 1 })
  vip_level: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  vip_expire: string | null;
  @ApiProperty({ enum: ['none', 'pending', 'approved', 'rejected'] })
  verification: 'none' | 'pending' | 'approved' | 'rejected';
  @ApiProperty({ type: String, nullable: true })
  mail: string | null;
  @ApiProperty({ type: Number, nullable: true })
  inviter_id: number | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ example: 12.5 })
  money: number;
  @ApiProperty({ example: 0 })
  points: number;
}

export class MemberPage {
  @ApiProperty({ type: [MemberSummary] })
  items: MemberSummary[];
  @ApiProperty({ description: 'Members matching the filters', example: 134 })
  total: number;
  @ApiProperty({ example: 1 })
  page: number;
  @ApiProperty({ example: 20 })
  limit: number;
}

export class MemberPostingItem {
  @ApiProperty()
  id: number;
  @ApiProperty()
  transaction_id: number;
  @ApiProperty({ example: 'watch_reward' })
  kind: string;
  @ApiProperty({ example: 'money' })
  account: string;
  @ApiProperty({ example: 'USDT' })
  currency: string;
  @ApiProperty({ description: 'Signed: + credited to the member', example: 0.5 })
  amount: number;
  @ApiProperty({ type: 'object', additionalProperties: true })
  memo: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class MemberLogin {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ type: String, nullable: true })
  ip: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  revoked_at: string | null;
  @ApiProperty({ type: String, nullable: true })
  revoked_reason: string | null;
}

export class MemberTeamCounts {
  @ApiProperty()
  level1: number;
  @ApiProperty()
  level2: number;
  @ApiProperty()
  level3: number;
  @ApiProperty({ description: 'Of the three levels, members at VIP1 or above now' })
  active: number;
}

export class MemberDetail extends MemberSummary {
  @ApiProperty()
  points_hold: number;
  @ApiProperty({ type: MemberTeamCounts })
  team: MemberTeamCounts;
  @ApiProperty({ type: [BalanceRecordItem] })
  records: BalanceRecordItem[];
  @ApiProperty({ type: [MemberPostingItem] })
  postings: MemberPostingItem[];
  @ApiProperty({ type: [MemberLogin] })
  logins: MemberLogin[];
}

export class RoleBody {
  @ApiProperty({ enum: ['member', 'admin', 'finance', 'support'] })
  @IsIn(['member', 'admin', 'finance', 'support'])
  role: 'member' | 'admin' | 'finance' | 'support';
}
