import { ApiProperty } from '@nestjs/swagger';

export class AuditEntry {
  @ApiProperty({ example: 7 })
  id: number;
  @ApiProperty({ example: 100000 })
  actor_id: number;
  @ApiProperty({ example: 'ledger.adjust' })
  action: string;
  @ApiProperty({ type: Number, nullable: true, example: 100042 })
  target_user_id: number | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { account: 'money', amount: -5.25, reason: 'Refund' },
  })
  details: Record<string, unknown>;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
  created_at: string;
}
