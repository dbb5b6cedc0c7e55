import { ApiProperty } from '@nestjs/swagger';
import { AuditHead } from '../audit/audit.dto';

const HASH_EXAMPLE = '3f1c6f0d0c2f4d8f9a7d5b3c1e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f';

export class ReserveAddressItem {
  @ApiProperty({ example: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })
  address: string;
  @ApiProperty({
    enum: ['hot', 'cold', 'deposit'],
    description:
      'The hot wallet, the cold account (TRON_COLD_ADDRESS), or a member deposit address',
  })
  kind: 'hot' | 'cold' | 'deposit';
  @ApiProperty({ description: 'USDT held at `block`', example: 120.5 })
  balance: number;
}

export class ProofReserves {
  @ApiProperty({ description: 'USDT on the hot wallet at `block`', example: 1000 })
  hot_wallet: number;
  @ApiProperty({
    description:
      'USDT on the cold account at `block`: where sweeps above the hot wallet cap go (0 without one)',
    example: 5000,
  })
  cold_wallet: number;
  @ApiProperty({
    description: 'USDT on member deposit addresses (not swept yet) at `block`',
    example: 250.5,
  })
  deposit_addresses: number;
  @ApiProperty({ description: 'hot_wallet + cold_wallet + deposit_addresses', example: 6250.5 })
  total: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'null when no hot wallet is configured',
  })
  hot_wallet_address: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The cold account, an address the server holds no key for; null without one',
  })
  cold_wallet_address: string | null;
  @ApiProperty({
    type: [ReserveAddressItem],
    description: 'Every address read, so anyone can check the balances on a TRON explorer',
  })
  addresses: ReserveAddressItem[];
}

export class LatestProof {
  @ApiProperty({
    description: 'Root of the Merkle sum tree (lowercase hex SHA-256)',
    example: HASH_EXAMPLE,
  })
  root_hash: string;
  @ApiProperty({
    description:
      "Sum at the root: every member's liability (E-Wallet plus withdrawals requested and not yet sent), micro-USDT as a decimal string",
    example: '1250500000',
  })
  total_micro: string;
  @ApiProperty({
    description:
      "Leaves in the tree: two random parts of each member's liability and zero padding up to a power of two",
    example: 4096,
  })
  leaves: number;
  @ApiProperty({ description: 'Members in the tree', example: 1042 })
  members: number;
  @ApiProperty({
    description:
      'Of total_micro, withdrawals requested and not yet sent (micro-USDT as a decimal string)',
    example: '200000000',
  })
  pending_withdrawals_micro: string;
  @ApiProperty({
    description: 'The solidified TRON block the reserves were read at',
    example: 71234567,
  })
  block: number;
  @ApiProperty({ type: ProofReserves })
  reserves: ProofReserves;
  @ApiProperty({ example: '2026-11-25T00:00:03.000Z' })
  created_at: string;
  @ApiProperty({
    type: AuditHead,
    nullable: true,
    description:
      "The operators' audit chain's head at the snapshot, signed, with the key that verifies it: keep it, and `pnpm verify:audit` later shows the audit still holds this row (null: no audit row yet, or the last one did not check out)",
  })
  audit_head: AuditHead | null;
}

export class ProofStepItem {
  @ApiProperty({ description: 'The sibling node’s hash', example: HASH_EXAMPLE })
  hash: string;
  @ApiProperty({ description: 'The sibling node’s sum, micro-USDT', example: '500000' })
  sum_micro: string;
  @ApiProperty({ enum: ['left', 'right'], description: 'Which side the sibling stands on' })
  side: 'left' | 'right';
}

export class ProofLeafItem {
  @ApiProperty({
    description:
      'sha256("owner|" + your member id + "|" + salt): 32 bytes nobody links to you without the salt, which only you learn; it proves the part is yours',
    example: HASH_EXAMPLE,
  })
  leaf_id: string;
  @ApiProperty({ description: 'This part of your liability, micro-USDT', example: '7345000' })
  amount_micro: string;
  @ApiProperty({
    description: '32 random bytes in hex, new for every snapshot',
    example: HASH_EXAMPLE,
  })
  salt: string;
  @ApiProperty({
    type: [ProofStepItem],
    description:
      'From the leaf up: hash the leaf, sha256("leaf|" + leaf_id + "|" + amount_micro + "|" + salt), then per step the parent with the sibling on `side`; the result must be root_hash with sum total_micro',
  })
  path: ProofStepItem[];
}

export class ProofPendingWithdrawalItem {
  @ApiProperty({
    type: 'integer',
    description: 'The withdrawal’s record, as GET /balance lists it',
    example: 311,
  })
  id: number;
  @ApiProperty({ example: '200000000' })
  amount_micro: string;
}

export class MemberProofResponse {
  @ApiProperty({ example: HASH_EXAMPLE })
  root_hash: string;
  @ApiProperty({ example: '1250500000' })
  total_micro: string;
  @ApiProperty({
    description:
      'Your liability at the snapshot: e_wallet_micro plus the pending withdrawals; the parts add up to it',
    example: '250000000',
  })
  balance_micro: string;
  @ApiProperty({
    type: [ProofLeafItem],
    description:
      'Your parts: random, shuffled among every other part and zero padding, each with its path to the root',
  })
  leaves: ProofLeafItem[];
  @ApiProperty({ type: 'integer', description: 'You: the member the leaves name', example: 100114 })
  member_id: number;
  @ApiProperty({
    description: 'Your E-Wallet at the snapshot (compare: your statement at created_at)',
    example: '50000000',
  })
  e_wallet_micro: string;
  @ApiProperty({
    type: [ProofPendingWithdrawalItem],
    description: 'Your withdrawals requested by the snapshot and not yet sent then',
  })
  pending_withdrawals: ProofPendingWithdrawalItem[];
  @ApiProperty({ description: 'When the snapshot was made', example: '2026-11-25T00:00:03.000Z' })
  created_at: string;
}

export class AdminProofSnapshot extends LatestProof {
  @ApiProperty({ example: 27, type: 'integer' })
  id: number;
  @ApiProperty({
    example: 68412390,
    description: 'The solidified block when the reads ended (= block when steady)',
  })
  last_block: number;
  @ApiProperty({ enum: ['schedule', 'admin'] })
  trigger: 'schedule' | 'admin';
  @ApiProperty({ type: 'integer', nullable: true, description: 'The operator who asked for it' })
  requested_by: number | null;
  @ApiProperty({ description: 'Members can still fetch their path (PROOF_KEEP_SNAPSHOTS)' })
  paths_kept: boolean;
  @ApiProperty({
    example: 1520.75,
    description: 'reserves.total − the tree total, USDT (negative: not covered)',
  })
  surplus: number;
  @ApiProperty()
  covered: boolean;
}
