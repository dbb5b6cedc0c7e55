import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CHANGE_TARGETS, type ChangeTarget, RAISE_TARGETS } from './economy-changes.repository';

/** One operator's approval of a request (withdrawal, card deposit, adjustment, economy change). */
export class ApprovalEntry {
  @ApiProperty({ type: 'integer', example: 7 })
  operator_id: number;
  @ApiProperty({
    enum: ['admin', 'finance', 'support'],
    description: 'Their role when they approved',
  })
  role: string;
  @ApiProperty({ example: 1500, description: 'USDT this approval let go (0 for economy changes)' })
  amount: number;
  @ApiProperty({
    description:
      "True when it took the operator's 24-hour total above OPERATOR_DAILY_LIMIT: an admin must approve too",
    example: false,
  })
  over_cap: boolean;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

/**
 * An economy change waiting for (or decided by) a second admin: a raise of
 * members' pay beyond the percentage over the approved value, or any change
 * of the club's card, support link or card rates while the club has two admins.
 */
export class EconomyChangeItem {
  @ApiProperty({ type: 'integer', example: 4 })
  id: number;
  @ApiProperty({
    enum: CHANGE_TARGETS,
    description:
      'package, team_rates, challenge, campaign: a raise of pay; card, support_url, card_rates: any change while the club has two admins',
  })
  target: ChangeTarget;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The VIP level, challenge or campaign id (null: team rates, card, support link, card rates)',
    example: 1,
  })
  target_id: number | null;
  @ApiProperty({
    example: {
      vip_level: 1,
      price: 50,
      daily_trailers: 4,
      reward_per_trailer: 0.5,
      membership_days: 75,
    },
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'What is in force as it was proposed (null: nothing yet)',
  })
  before: Record<string, unknown> | null;
  @ApiProperty({
    example: {
      vip_level: 1,
      price: 50,
      daily_trailers: 4,
      reward_per_trailer: 0.6,
      membership_days: 75,
    },
    type: 'object',
    additionalProperties: true,
    description: 'What it becomes',
  })
  after: Record<string, unknown>;
  @ApiProperty({
    example: {
      vip_level: 1,
      price: 50,
      daily_trailers: 4,
      reward_per_trailer: 0.5,
      membership_days: 75,
    },
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description:
      'The last value a second admin approved (or the seeded or created one) that the raise was held against; null: none (a new challenge or campaign, or a change that always waits)',
  })
  baseline: Record<string, unknown> | null;
  @ApiProperty({ type: 'integer', example: 1 })
  proposed_by: number;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] })
  status: 'pending' | 'approved' | 'rejected';
  @ApiProperty({ type: 'integer', nullable: true })
  decided_by: number | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  decided_at: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ type: [ApprovalEntry], description: 'The proposer first, then the second admin' })
  approvals: ApprovalEntry[];
  @ApiProperty({ description: 'True while a second admin has to approve', example: true })
  awaiting_second_approval: boolean;
}

/**
 * The `pending_changes` of an answer that shows an economy setting as it
 * stands: what the request left waiting for a second admin.
 */
export const PendingChangesProperty = () =>
  ApiProperty({
    type: () => [EconomyChangeItem],
    description:
      'The changes this request left waiting for a second admin (GET /admin/economy/changes); empty: all of it applied',
  });

export class EconomyBaseline {
  @ApiProperty({ enum: RAISE_TARGETS })
  target: (typeof RAISE_TARGETS)[number];
  @ApiProperty({ example: 1, type: 'integer', nullable: true, description: 'null: the team rates' })
  target_id: number | null;
  @ApiProperty({
    example: {
      vip_level: 1,
      price: 50,
      daily_trailers: 4,
      reward_per_trailer: 0.5,
      membership_days: 75,
    },
    type: 'object',
    additionalProperties: true,
    description: 'The approved value, in the shape of the change items of its target',
  })
  value: Record<string, unknown>;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The approved change that set it; null: the seeded or created value',
  })
  change_id: number | null;
  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

/** The values raises are held against, for the console to say ahead of time that a change will wait. */
export class EconomyBaselines {
  @ApiProperty({
    description: 'ECONOMY_RAISE_APPROVAL_PERCENT (0: raises never wait)',
    example: 10,
  })
  raise_percent: number;
  @ApiProperty({
    type: [EconomyBaseline],
    description: 'A target without one is held against its value in force',
  })
  baselines: EconomyBaseline[];
}

export class EconomyChangeListQuery {
  @ApiProperty({ required: false, enum: ['pending', 'approved', 'rejected'] })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'])
  status?: 'pending' | 'approved' | 'rejected';
}
