import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { SolvencyView } from '../withdrawals/solvency.dto';

export class DashboardQuery {
  @ApiPropertyOptional({ type: 'integer', enum: [7, 30, 90], default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsIn([7, 30, 90], { message: 'days must be 7, 30 or 90' })
  days?: number;
}

export class DashboardDay {
  @ApiProperty({ format: 'date', example: '2026-11-22' })
  day: string;
  @ApiProperty({ example: 4200, description: 'USDT credited from TRON deposits' })
  deposits: number;
  @ApiProperty({ example: 1250, description: 'USDT credited from card deposits' })
  card_deposits: number;
  @ApiProperty({ example: 1875, description: 'USDT sent on chain for withdrawals (net)' })
  withdrawals: number;
  @ApiProperty({ example: 12.5, description: 'Withdrawal fees earned' })
  fees: number;
  @ApiProperty({ example: 1310.6, description: 'Trailer rewards paid' })
  rewards: number;
  @ApiProperty({ example: 86.4, description: 'Team commissions paid' })
  commissions: number;
  @ApiProperty({ example: 2700, description: 'VIP packages paid with E-Wallet money' })
  vip_sales: number;
  @ApiProperty({ example: 23, description: 'Members who joined' })
  new_members: number;
  @ApiProperty({ example: 418, description: 'Members who had a trailer counted' })
  active_members: number;
}

export class PackageSales {
  @ApiProperty({ format: 'date' })
  day: string;
  @ApiProperty({ example: 2, type: 'integer' })
  vip_level: number;
  @ApiProperty({ example: 9 })
  count: number;
}

export class QueueHealth {
  @ApiProperty({ example: 'deposits' })
  name: string;
  @ApiProperty({ example: 4 })
  waiting: number;
  @ApiProperty({ example: 1 })
  active: number;
  @ApiProperty({ example: 3 })
  delayed: number;
  @ApiProperty({ example: 0 })
  failed: number;
}

export class DashboardResponse {
  @ApiProperty({ type: [DashboardDay], description: 'Oldest first; the last one is today (UTC)' })
  days: DashboardDay[];
  @ApiProperty({ type: [PackageSales] })
  package_sales: PackageSales[];
  @ApiProperty({ type: SolvencyView })
  solvency: SolvencyView;
  @ApiProperty({ type: [QueueHealth] })
  queues: QueueHealth[];
}

/** What waits for operators; null: a queue the caller's role does not work. */
export class QueueCounts {
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Withdrawals waiting for review (admin, finance)',
    example: 3,
  })
  withdrawals: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Card deposits under review (admin, finance)',
    example: 1,
  })
  card_deposits: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Identity verifications waiting for review (admin, support)',
    example: 2,
  })
  verifications: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Reported posts members still see (admin, support)',
    example: 0,
  })
  reports: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Requests members wrote to support, still open (admin, support)',
    example: 1,
  })
  support: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Deposits held because no second TRON node confirmed them (admin, finance)',
    example: 0,
  })
  held_deposits: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'Open reconciler items: deposit addresses whose chain history differs from what was credited and swept (admin, finance)',
    example: 0,
  })
  deposit_gaps: number | null;
}

/**
 * The few health figures the console's home shows, the same the alerts watch
 * (ops/prometheus/rules/app-alerts.yml; docs/operations.md, "Alerts"). Null:
 * unknown (its source did not answer) or not applicable.
 */
export class HealthFiguresView {
  @ApiProperty({ format: 'date-time', example: '2026-12-06T13:30:00.000Z' })
  as_of: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 2.4,
    description:
      "Seconds since the deposit scanner last stood at the chain's safe head; alert above 60; null without a scanner",
  })
  scanner_lag_seconds: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 6.5,
    description:
      "Days of withdrawals, at the last 24 hours' rate, the hot wallet's TRX and own energy still cover; alert below 1; null when unknown or no withdrawal cost anything in 24 hours",
  })
  hot_wallet_days_left: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0,
    description: 'Seconds the oldest mail still to send has waited (0: none); alert above 300',
  })
  mail_outbox_oldest_seconds: number | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-12-06T02:00:00.000Z',
    description: 'When the newest proof of liabilities was made; null before the first',
  })
  last_proof_at: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 41400,
    description: 'Seconds since then; alert above 26 hours (93600)',
  })
  last_proof_age_seconds: number | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    example: true,
    description: 'Whether every ledger transaction balances and every currency sums to zero',
  })
  ledger_balanced: boolean | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    example: 0,
    description: 'Seconds the reports replica is behind (0 without one); alert above 5',
  })
  replica_lag_seconds: number | null;
}
