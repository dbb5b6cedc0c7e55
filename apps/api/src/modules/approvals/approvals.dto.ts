import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

/** One operator's approval of a request (withdrawal, card deposit, adjustment, economy change). */
export class ApprovalEntry {
  @ApiProperty({ example: 7 })
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

/** An economy change that raises members' pay, waiting for (or decided by) a second admin. */
export class EconomyChangeItem {
  @ApiProperty({ example: 4 })
  id: number;
  @ApiProperty({ enum: ['package', 'team_rates', 'challenge', 'campaign'] })
  target: 'package' | 'team_rates' | 'challenge' | 'campaign';
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The VIP level, challenge or campaign id (null: team rates, or a new one)',
    example: 1,
  })
  target_id: number | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'What it was (null for a new challenge or campaign)',
  })
  before: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What it becomes' })
  after: Record<string, unknown>;
  @ApiProperty({ example: 1 })
  proposed_by: number;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] })
  status: 'pending' | 'approved' | 'rejected';
  @ApiProperty({ type: Number, nullable: true })
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

export class EconomyChangeListQuery {
  @ApiProperty({ required: false, enum: ['pending', 'approved', 'rejected'] })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'])
  status?: 'pending' | 'approved' | 'rejected';
}
