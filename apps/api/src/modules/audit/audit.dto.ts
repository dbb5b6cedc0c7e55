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

export class AuditVerification {
  @ApiProperty({ description: 'True when every row links to the one before and to the head' })
  ok: boolean;
  @ApiProperty({
    description: 'Rows walked, oldest first, up to and including the first broken one',
  })
  rows_checked: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'The id of the first row whose link does not hold (null when none, or for "truncated")',
    example: null,
  })
  first_broken_id: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: ['edited', 'missing_before', 'relinked', 'truncated'],
    description:
      'edited: the row differs from what was hashed; missing_before: rows before it were removed; ' +
      "relinked: it does not point at the previous row's hash; truncated: rows after the last one were removed; " +
      'null while the chain is intact',
    example: 'edited',
  })
  reason: 'edited' | 'missing_before' | 'relinked' | 'truncated' | null;
  @ApiProperty({ description: 'The chain length the head records' })
  head_seq: number;
}
