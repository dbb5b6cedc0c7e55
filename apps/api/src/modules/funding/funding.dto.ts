import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { IsUsdtAmount } from '../../common/validators';
import { PageQuery } from '../../common/paging.dto';
import { ApprovalEntry } from '../approvals/approvals.dto';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class SponsorFundsBody {
  @ApiProperty({
    description: 'USDT paid in from outside, at most 6 decimals',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 5000,
  })
  @IsUsdtAmount()
  amount: number | string;

  @ApiProperty({ description: 'Who paid: a sponsor, an advertiser', example: 'Kino Partners LLC' })
  @Transform(trimmed)
  @IsString()
  @Length(2, 100)
  payer: string;

  @ApiProperty({
    description: "The payment's reference (bank transfer, invoice, chain transaction id)",
    example: 'INV-2026-0141',
  })
  @Transform(trimmed)
  @IsString()
  @Length(2, 200)
  reference: string;
}

export class SponsorFundsItem {
  @ApiProperty({ type: 'integer', example: 12 })
  id: number;
  @ApiProperty({
    enum: ['pending', 'recorded', 'rejected'],
    description:
      'recorded: in sponsor_funds now; pending: above ADJUST_APPROVAL_THRESHOLD over 24 hours, waiting for a second operator',
  })
  status: 'pending' | 'recorded' | 'rejected';
  @ApiProperty({ description: 'USDT', example: 5000 })
  amount: number;
  @ApiProperty({ example: 'Kino Partners LLC' })
  payer: string;
  @ApiProperty({ example: 'INV-2026-0141' })
  reference: string;
  @ApiProperty({ type: 'integer', example: 7 })
  requested_by: number;
  @ApiProperty({ type: 'integer', nullable: true })
  decided_by: number | null;
  @ApiProperty({ type: String, nullable: true })
  decided_at: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The ledger transaction, once recorded',
  })
  transaction_id: string | null;
  @ApiProperty({ example: '2026-01-10T09:30:00.000Z' })
  created_at: string;
  @ApiProperty({ type: [ApprovalEntry] })
  approvals: ApprovalEntry[];
  @ApiProperty({ description: 'Pending and waiting for another operator' })
  awaiting_second_approval: boolean;
  @ApiProperty({
    description: 'Pending and waiting for an admin (an approver over their daily limit)',
  })
  awaiting_admin: boolean;
}

export class SponsorFundsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ['pending', 'recorded', 'rejected'] })
  @IsOptional()
  @IsIn(['pending', 'recorded', 'rejected'], {
    message: 'status must be pending, recorded or rejected',
  })
  status?: 'pending' | 'recorded' | 'rejected';
}

export class PayoutsSplit {
  @ApiProperty({
    description:
      'Rewards, team commissions, challenge rewards and promotion points (1 USDT a point) paid to members',
    example: 1200.5,
  })
  total: number;
  @ApiProperty({ description: 'Of it, paid from money sponsors paid in', example: 800 })
  from_sponsor_funds: number;
  @ApiProperty({
    description: "Of it, paid from the club's own revenue (VIP purchases and fees: members' money)",
    example: 400.5,
  })
  from_club_revenue: number;
}

export class DailyPayoutItem extends PayoutsSplit {
  @ApiProperty({ example: '2026-11-25', description: 'UTC day' })
  day: string;
}

export class TransparencyAnswer {
  @ApiProperty({ example: '2026-11-25T10:00:00.000Z', description: 'When these figures were read' })
  as_of: string;
  @ApiProperty({
    description:
      "Members' money at the latest proof of liabilities (E-Wallets plus withdrawals not yet sent), USDT",
    example: 125000.5,
  })
  liabilities: number;
  @ApiProperty({ description: 'USDT on chain at the proof’s block', example: 131000 })
  reserves: number;
  @ApiProperty({ description: 'reserves − liabilities (negative: not covered)', example: 5999.5 })
  surplus: number;
  @ApiProperty({ description: 'Sponsors’ money not yet paid out, USDT', example: 2000 })
  sponsor_funds: number;
  @ApiProperty({ type: PayoutsSplit, description: 'The last 30 UTC days, today included' })
  payouts_30d: PayoutsSplit;
  @ApiProperty({ type: [DailyPayoutItem], description: 'The same, day by day (the chart)' })
  payouts_daily: DailyPayoutItem[];
  @ApiProperty({
    description:
      "The next 30 days' rewards, commissions and campaign bonuses at today's levels and memberships, each day's full quota",
    example: 9000,
  })
  obligations_30d: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Whole days (surplus + sponsor_funds) pays the average day of obligations_30d for; null: nothing promised',
    example: 26,
  })
  runway_days: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The proof’s TRON block (null before the first proof)',
  })
  block: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'When the proof was made' })
  proof_created_at: string | null;
}

export class FundingAfterChange {
  @ApiProperty({ example: 12000 })
  obligations: number;
  @ApiProperty({ type: Number, nullable: true, example: 20 })
  runway_days: number | null;
  @ApiProperty({ description: 'False: approving it answers 409 ECONOMY_UNFUNDED' })
  funded: boolean;
}

export class FundingForecast {
  @ApiProperty({ description: 'Days the obligations cover (ECONOMY_FUNDING_DAYS)', example: 30 })
  days: number;
  @ApiProperty({ description: 'surplus + sponsor funds, USDT', example: 7999.5 })
  available: number;
  @ApiProperty({ example: 5999.5 })
  surplus: number;
  @ApiProperty({ example: 2000 })
  sponsor_funds: number;
  @ApiProperty({ description: 'At the terms in force, USDT', example: 9000 })
  obligations: number;
  @ApiProperty({ type: Number, nullable: true, example: 26 })
  runway_days: number | null;
  @ApiProperty({
    type: FundingAfterChange,
    nullable: true,
    description:
      'With the change of `change_id` in force (null without one, or for a change that pays nothing)',
  })
  after: FundingAfterChange | null;
}

export class FundingForecastQuery {
  @ApiPropertyOptional({
    type: 'integer',
    description: 'A waiting economy change: the forecast with it in force',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  change_id?: number;
}
