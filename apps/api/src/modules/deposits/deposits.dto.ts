import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { PageBefore, PageLimit } from '../../common/paging.dto';

export class DepositAddress {
  @ApiProperty({ enum: ['USDT'], example: 'USDT' })
  currency: 'USDT';
  @ApiProperty({ enum: ['TRC20'], example: 'TRC20' })
  network: 'TRC20';
  @ApiProperty({
    description: "The member's own TRON address: USDT sent here is credited to them",
    example: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  })
  address: string;
}

export class ClaimDepositBody {
  @ApiProperty({
    description: 'The TRON transaction id of a USDT transfer to your deposit address (64 hex)',
    example: 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90',
  })
  @IsString({ message: 'tx_id must be a string' })
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'tx_id must be 64 hexadecimal characters' })
  tx_id: string;
}

export class ClaimDepositResponse {
  @ApiProperty({ type: 'integer', example: 42 })
  id: number;
  @ApiProperty({ enum: ['under_review'], example: 'under_review' })
  status: 'under_review';
}

export class AdminDepositsQuery {
  @ApiPropertyOptional({ enum: ['under_review', 'success', 'fail'] })
  @IsOptional()
  @IsIn(['under_review', 'success', 'fail'])
  status?: 'under_review' | 'success' | 'fail';

  @PageLimit(100, 50)
  limit?: number;

  @PageBefore('Only records with a smaller id (the next page)')
  before?: number;
}

export class AdminDepositItem {
  @ApiProperty({ type: 'integer', example: 42 })
  id: number;
  @ApiProperty({ type: 'integer', example: 7 })
  user_id: number;
  @ApiProperty({ description: 'USDT credited (0 while a claim is checked)', example: 25 })
  amount: number;
  @ApiProperty({ enum: ['under_review', 'success', 'fail'], example: 'success' })
  status: 'under_review' | 'success' | 'fail';
  @ApiProperty({ type: String, nullable: true })
  tx_id: string | null;
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

const HELD_STATUSES = ['held', 'credited', 'dismissed'] as const;
type HeldStatus = (typeof HELD_STATUSES)[number];

export class HeldDepositsQuery {
  @ApiPropertyOptional({ enum: HELD_STATUSES, description: 'Default: all' })
  @IsOptional()
  @IsIn(HELD_STATUSES)
  status?: HeldStatus;

  @PageLimit(100, 50)
  limit?: number;

  @PageBefore('Only rows with a smaller id (the next page)')
  before?: number;
}

export class HeldDepositItem {
  @ApiProperty({ type: 'integer', example: 4 })
  id: number;
  @ApiProperty({ type: 'integer', example: 7 })
  user_id: number;
  @ApiProperty({ example: '3f1c6f0d0c2f4d8f9a7d5b3c1e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f' })
  tx_id: string;
  @ApiProperty({ type: 'integer', example: 0 })
  log_index: number;
  @ApiProperty({ example: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16' })
  from_address: string;
  @ApiProperty({
    description: "The member's deposit address",
    example: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  })
  to_address: string;
  @ApiProperty({ description: 'USDT the first node reported', example: 5000 })
  amount: number;
  @ApiProperty({ type: 'integer', example: 120 })
  block_number: number;
  @ApiProperty({
    description: 'What each other node said, as last asked',
    example: 'no second node confirmed the receipt: 10.0.0.2:8090 does not know the transaction',
  })
  reason: string;
  @ApiProperty({
    enum: HELD_STATUSES,
    description:
      '`credited` once two nodes returned the same receipt (also after a dismissal, when a claim is confirmed by two nodes: `dismissed_by` then stays); `dismissed` by an operator, not credited',
    example: 'held',
  })
  status: HeldStatus;
  @ApiProperty({ format: 'date-time', example: '2026-12-06T13:30:00.000Z' })
  checked_at: string;
  @ApiProperty({ format: 'date-time', example: '2026-12-06T13:29:00.000Z' })
  created_at: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The operator who dismissed it (kept when two nodes confirmed it later)',
    example: null,
  })
  dismissed_by: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  dismissed_at: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The operator's note on the dismissal",
    example: null,
  })
  note: string | null;
}

export class ForeignDepositItem {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;
  @ApiProperty({ type: 'integer', example: 7 })
  user_id: number;
  @ApiProperty({ example: '3f1c6f0d0c2f4d8f9a7d5b3c1e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f' })
  tx_id: string;
  @ApiProperty({
    type: 'integer',
    description: 'Log index in the transaction; -1 for a TRX transfer',
    example: 0,
  })
  log_index: number;
  @ApiProperty({ description: '"TRX" or the token contract address', example: 'TRX' })
  asset: string;
  @ApiProperty({ type: String, nullable: true })
  from_address: string | null;
  @ApiProperty({
    description: "Amount in the asset's base units (sun for TRX), as text",
    example: '1000000',
  })
  amount: string;
  @ApiProperty({ type: 'integer', example: 120 })
  block_number: number;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class SweepCandidatesQuery {
  @ApiPropertyOptional({
    description: 'Only addresses with at least this much USDT unswept',
    default: 10,
  })
  @IsOptional()
  @Type(() => Number)
  @Min(0)
  @Max(1e9)
  min_usdt?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 1000, default: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}

export class SweepCandidate {
  @ApiProperty({ type: 'integer', example: 7 })
  user_id: number;
  @ApiProperty({ example: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' })
  address: string;
  @ApiProperty({
    description: "The address's index under the deposit xpub (child 0/index)",
    example: 7,
  })
  index: number;
  @ApiProperty({ description: 'USDT credited to this address and not swept yet', example: 125 })
  unswept: number;
}

export class RecordSweepBody {
  @ApiProperty({
    example: '3f1c6f0d0c2f4d8f9a7d5b3c1e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f',
    description: 'The solidified transfer from a member address to the hot wallet',
  })
  @IsString({ message: 'tx_id must be a string' })
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'tx_id must be 64 hexadecimal characters' })
  tx_id: string;

  @ApiPropertyOptional({
    example: ['7b2e4d6f8a0c1e3f5a7b9d0c2e4f6a8b0d1c3e5f7a9b2d4c6e8f0a1b3d5c7e9f'],
    description:
      "The solidified transactions that paid for the sweep's energy: the fee account's TRX top-up " +
      "(or the 1 sun that created the address's account), the staking account's lend and its return. " +
      "What each burnt counts as the sweep's cost (GET /admin/reports/tron-costs).",
    type: [String],
    maxItems: 4,
  })
  @IsOptional()
  @IsArray({ message: 'funding_tx_ids must be a list' })
  @ArrayMaxSize(4, { message: 'funding_tx_ids holds at most 4 transactions' })
  @IsString({ each: true, message: 'each funding tx id must be a string' })
  @Matches(/^[0-9a-fA-F]{64}$/, {
    each: true,
    message: 'each funding tx id must be 64 hexadecimal characters',
  })
  funding_tx_ids?: string[];
}

export class RecordSweepResponse {
  @ApiProperty({ description: 'false when this tx id was recorded before' })
  recorded: boolean;
  @ApiProperty({ example: 125 })
  amount: number;
  @ApiProperty({ example: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' })
  address: string;
  @ApiProperty({ enum: ['hot', 'cold'], example: 'hot', description: 'Where it went' })
  destination: 'hot' | 'cold';
}

export class SweepDestinationQuery {
  @ApiProperty({ description: 'The USDT about to be swept', example: 125 })
  @Type(() => Number)
  @Min(0)
  @Max(1e9)
  amount_usdt: number;
}

export class SweepDestination {
  @ApiProperty({
    description: 'Where to send the sweep: the hot wallet, or the cold account above the cap',
    example: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  })
  address: string;
  @ApiProperty({ enum: ['hot', 'cold'], example: 'hot' })
  kind: 'hot' | 'cold';
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'USDT the hot wallet holds on chain (null without a cap: not read)',
    example: 4200,
  })
  hot_usdt: number | null;
  @ApiProperty({ description: 'HOT_WALLET_MAX_USDT; 0: no cap', example: 10000 })
  cap_usdt: number;
}

const GAP_STATUSES = ['open', 'closed', 'resolved'] as const;
type GapStatus = (typeof GAP_STATUSES)[number];

export class DepositGapsQuery {
  @ApiPropertyOptional({
    enum: GAP_STATUSES,
    description:
      'Only items in this state: open; closed by itself (the figures agree again); resolved by an operator',
  })
  @IsOptional()
  @IsIn(GAP_STATUSES)
  status?: GapStatus;

  @PageLimit(100, 50)
  limit?: number;

  @PageBefore('Only items with a smaller id (the next page)')
  before?: number;
}

export class DepositGapItem {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;
  @ApiProperty({ type: 'integer', example: 7 })
  user_id: number;
  @ApiProperty({ example: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' })
  address: string;
  @ApiProperty({
    description: "USDT the node's TRC-20 history says reached the address",
    example: 25,
  })
  chain_in: number;
  @ApiProperty({ description: 'USDT credited to the member from it', example: 0 })
  credited: number;
  @ApiProperty({ description: 'USDT the history says left the address', example: 0 })
  chain_out: number;
  @ApiProperty({ description: 'USDT recorded as swept from it', example: 0 })
  swept: number;
  @ApiProperty({ type: 'integer', description: 'The block the figures stand at', example: 120 })
  as_of_block: number;
  @ApiProperty({ enum: GAP_STATUSES, example: 'open' })
  status: GapStatus;
  @ApiProperty({ format: 'date-time' })
  found_at: string;
  @ApiProperty({ format: 'date-time', description: 'The last time the reconciler looked' })
  checked_at: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it closed by itself or an operator resolved it',
  })
  closed_at: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The operator who resolved it',
    example: null,
  })
  resolved_by: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The operator's note: how the difference was settled",
    example: null,
  })
  note: string | null;
}

/** An operator's note on a decision (3 to 500 characters, not blank), kept with the row and audited. */
function OperatorNote(description: string, example: string) {
  return applyDecorators(
    ApiProperty({ description, example, minLength: 3, maxLength: 500 }),
    IsString(),
    Matches(/\S/, { message: 'note must not be blank' }),
    MinLength(3),
    MaxLength(500),
  );
}

export class ResolveDepositGapBody {
  @OperatorNote(
    'How the difference was settled (kept with the item and in the audit log); the reconciler accepts the item’s differences for the address from then on',
    'Credited by adjustment #41 after checking the transfer on tronscan',
  )
  note: string;
}

export class DismissHeldDepositBody {
  @OperatorNote(
    'Why no second node will confirm it (kept with the rows and in the audit log)',
    'Not on tronscan: node 10.0.0.1 made it up and was taken out of TRON_FULL_NODE_URL',
  )
  note: string;
}

export class SweepItem {
  @ApiProperty({ example: 14, type: 'integer' })
  id: number;
  @ApiProperty({ example: 1042, type: 'integer' })
  user_id: number;
  @ApiProperty({ example: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH' })
  address: string;
  @ApiProperty({ example: '3f1c6f0d0c2f4d8f9a7d5b3c1e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6e8f' })
  tx_id: string;
  @ApiProperty({ example: 250 })
  amount: number;
  @ApiProperty({ example: 1, type: 'integer' })
  recorded_by: number;
  @ApiProperty({ enum: ['hot', 'cold'], example: 'hot', description: 'Where it went' })
  destination: 'hot' | 'cold';
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}
