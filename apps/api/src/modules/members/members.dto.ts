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
import { MAX_VIP_LEVEL, STATEMENT_KINDS, type StatementKind } from '@app/domain';
import { PageBefore, PageLimit } from '../../common/paging.dto';

const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' ? false : value;

/** Filters, sort and page of the members list; the client keeps them in its URL. */
export class MemberListQuery {
  @ApiPropertyOptional({ description: 'An id, part of a phone number or part of a nickname' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  q?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_VIP_LEVEL })
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

  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class MemberSummary {
  @ApiProperty({ type: 'integer', example: 42 })
  id: number;
  @ApiProperty({ example: '+998901234567' })
  phone: string;
  @ApiProperty({ type: String, nullable: true })
  nickname: string | null;
  @ApiProperty({ enum: ['member', 'admin', 'finance', 'support'] })
  role: 'member' | 'admin' | 'finance' | 'support';
  @ApiProperty()
  is_active: boolean;
  @ApiProperty({
    type: 'integer',
    description: 'The level that counts now (0 once expired)',
    example: 1,
  })
  vip_level: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  vip_expire: string | null;
  @ApiProperty({ enum: ['none', 'pending', 'approved', 'rejected'] })
  verification: 'none' | 'pending' | 'approved' | 'rejected';
  @ApiProperty({ type: String, nullable: true })
  mail: string | null;
  @ApiProperty({ type: 'integer', nullable: true })
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
  @ApiProperty({ type: 'integer', example: 1 })
  page: number;
  @ApiProperty({ type: 'integer', example: 20 })
  limit: number;
}

export class MemberPostingItem {
  @ApiProperty({ example: 90817, type: 'integer' })
  id: number;
  @ApiProperty({ example: 45408, type: 'integer' })
  transaction_id: number;
  @ApiProperty({ description: "The ledger transaction's kind", example: 'reward' })
  kind: string;
  @ApiProperty({
    enum: STATEMENT_KINDS,
    description:
      "The movement as the member's statement names it: a watch reward paid to an upline is a commission",
    example: 'commission',
  })
  movement: StatementKind;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'A team commission: the member whose watch paid it',
    example: 100045,
  })
  from_member_id: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'A team commission: how many levels below this member that member is (1 to 3)',
    example: 2,
  })
  commission_level: number | null;
  @ApiProperty({ example: 'money' })
  account: string;
  @ApiProperty({ example: 'USDT' })
  currency: string;
  @ApiProperty({ description: 'Signed: + credited to the member', example: 0.5 })
  amount: number;
  @ApiProperty({
    example: { trailer_id: 12, day: '2026-01-10', vip_level: 2 },
    type: 'object',
    additionalProperties: true,
  })
  memo: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class MemberLogin {
  @ApiProperty({ example: '0b7f3c2e-5a41-4d8e-9f6b-2c1a7e3d9b05', format: 'uuid' })
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
  @ApiProperty({ example: 8 })
  level1: number;
  @ApiProperty({ example: 15 })
  level2: number;
  @ApiProperty({ example: 4 })
  level3: number;
  @ApiProperty({ example: 6, description: 'Of the three levels, members at VIP1 or above now' })
  active: number;
}

export class MemberDetail extends MemberSummary {
  @ApiProperty({ example: 0 })
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

/** A change of an account's role or activation that took effect now. */
export class MemberChangeApplied extends MemberDetail {
  @ApiProperty({ enum: ['applied'] })
  status: 'applied';
}

/** A change that waits for a second admin (issue 36): nothing changed yet. */
export class MemberChangeAwaiting {
  @ApiProperty({ enum: ['awaiting_second_admin'] })
  status: 'awaiting_second_admin';
  @ApiProperty({
    example: 9,
    type: 'integer',
    description: 'The staff request (GET /admin/staff_requests)',
  })
  request_id: number;
}

export type MemberChangeResponse = MemberChangeApplied | MemberChangeAwaiting;

export class StaffRequestItem {
  @ApiProperty({ example: 9, type: 'integer' })
  id: number;
  @ApiProperty({ example: 1042, type: 'integer', description: 'The account the change is for' })
  target_user_id: number;
  @ApiProperty({ example: '+998901234567' })
  target_phone: string;
  @ApiProperty({ type: String, nullable: true })
  target_nickname: string | null;
  @ApiProperty({
    enum: ['role', 'activate', 'deactivate'],
    description: 'A new role, or the account switched on or off',
  })
  change: 'role' | 'activate' | 'deactivate';
  @ApiProperty({
    enum: ['member', 'admin', 'finance', 'support'],
    nullable: true,
    description: 'The role asked for (change `role` only)',
  })
  role: 'member' | 'admin' | 'finance' | 'support' | null;
  @ApiProperty({
    enum: ['member', 'admin', 'finance', 'support'],
    description: 'The role when asked',
  })
  before_role: 'member' | 'admin' | 'finance' | 'support';
  @ApiProperty({ description: 'Whether the account was active when asked' })
  before_active: boolean;
  @ApiProperty({ example: 1, type: 'integer', description: 'The admin who asked' })
  requested_by: number;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] })
  status: 'pending' | 'approved' | 'rejected';
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The second admin who approved, or whoever turned it down',
  })
  decided_by: number | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  decided_at: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class StaffRequestListQuery {
  @ApiPropertyOptional({ enum: ['pending', 'approved', 'rejected'] })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'])
  status?: 'pending' | 'approved' | 'rejected';

  @PageLimit(100, 50)
  limit?: number;

  @PageBefore('Requests with ids below this one (the last id of the previous page)')
  before?: number;
}

export class StaffOverview {
  @ApiProperty({
    example: 2,
    type: 'integer',
    description:
      'Active admins; with fewer than two, staff and economy changes have no second pair of eyes',
  })
  active_admins: number;
  @ApiProperty({
    example: 1,
    type: 'integer',
    description: 'Staff requests waiting for a second admin',
  })
  pending_requests: number;
}
