import { ApiProperty } from '@nestjs/swagger';

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
