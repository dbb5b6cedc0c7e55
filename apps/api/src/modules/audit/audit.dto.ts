import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class AuditEntry {
  @ApiProperty({ type: 'integer', example: 7 })
  id: number;
  @ApiProperty({ type: 'integer', example: 100000 })
  actor_id: number;
  @ApiProperty({ example: 'ledger.adjust' })
  action: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 100042 })
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

export const AUDIT_BREAKS = [
  'edited',
  'missing',
  'relinked',
  'unsigned',
  'bad_signature',
  'truncated',
] as const;

export class AuditVerification {
  @ApiProperty({
    description:
      "True when every row follows the one before, hashes to its own content, carries the signing key's signature, and every head a proof of liabilities published is still in the chain",
  })
  ok: boolean;
  @ApiProperty({
    description: 'Rows checked, oldest first, up to and including the first broken one',
    example: 120,
  })
  checked: number;
  @ApiPropertyOptional({
    description:
      'Where the chain breaks (absent while it holds): the seq of the first row that breaks it, the first missing seq, or the seq of a published head the chain no longer holds',
    example: 77,
  })
  broken_at?: number;
  @ApiPropertyOptional({
    enum: AUDIT_BREAKS,
    description:
      "edited: the row is not what was hashed; missing: rows are missing before it; relinked: it does not point at the previous row's hash (or the head row does not point at the last row); " +
      "unsigned: it has no signature; bad_signature: its signature is not the key's over its seq and hash (a re-chained or forged row); " +
      'truncated: a head a proof published (or the head row) is past the last row, or the chain holds another row at its seq. Absent while the chain holds',
    example: 'bad_signature',
  })
  reason?: (typeof AUDIT_BREAKS)[number];
}

/**
 * The audit chain's head as a proof of liabilities published it: anyone can
 * check `sig` with `public_key`, and later that the chain still holds this
 * row (pnpm verify:audit).
 */
export class AuditHead {
  @ApiProperty({ type: 'integer', description: "The last row's place in the chain", example: 1042 })
  seq: number;
  @ApiProperty({
    description: 'Its hash (lowercase hex SHA-256)',
    example: '3f1c6f0d0c2f4d8f9a7d5b3c1e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f',
  })
  hash: string;
  @ApiProperty({
    example:
      '9e1d4c7b2a5f8e3d6c9b0a4f7e2d5c8b1a3f6e9d2c5b8a0f3e6d9c2b5a8f1e4d7c0b3a6f9e2d5c8b1a4f7e0d3c6b9a2f5e8d1c4b7a0f3e6d9c2b5a8f1e4d7c0b',
    description:
      'Ed25519 signature (64 bytes, lowercase hex) of the UTF-8 text `audit|<seq>|<hash>`',
  })
  sig: string;
  @ApiProperty({
    example: '5c8f0b1e9d7a3c2b4e6f8a0d1c3e5f7a9b0d2c4e6f8a1b3c5d7e9f0a2b4c6d8e',
    description:
      'The Ed25519 public key that verifies every audit signature (32 bytes, lowercase hex); pin it and compare later heads',
  })
  public_key: string;
}
