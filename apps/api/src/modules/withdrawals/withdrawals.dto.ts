import { ChainCost } from './tron-costs.dto';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
} from 'class-validator';
import { ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { isTronAddress } from '@app/domain';
import { IsUsdtAmount } from '../../common/validators';
import { BalanceRecordItem } from '../wallet/wallet.dto';
import { ApprovalEntry } from '../approvals/approvals.dto';
import { PageAfter, PageBefore, PageLimit, PageOrder } from '../../common/paging.dto';

@ValidatorConstraint({ name: 'isTronAddress' })
class TronAddressRule implements ValidatorConstraintInterface {
  validate(value: unknown) {
    return typeof value === 'string' && isTronAddress(value);
  }
  defaultMessage() {
    return 'wallet must be a TRON address (base58, starting with T)';
  }
}

export class WithdrawBody {
  @ApiProperty({
    description: 'Your USDT TRC-20 address',
    example: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
  })
  @Validate(TronAddressRule)
  wallet: string;

  @ApiProperty({
    description: 'USDT to take from the E-Wallet: at least 10, at most 6 decimals; 15% fee',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 20,
  })
  @IsUsdtAmount()
  amount: number | string;

  @ApiPropertyOptional({
    example: 'pay-2026',
    description: 'Required once the member has set a transaction password',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  transaction_password?: string;
}

export class SaveAddressBody {
  @ApiProperty({
    description: 'A USDT TRC-20 address',
    example: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16',
  })
  @Validate(TronAddressRule)
  address: string;

  @ApiPropertyOptional({
    description: 'Your name for it (up to 32 characters)',
    example: 'My exchange',
  })
  @IsOptional()
  @IsString()
  @MaxLength(32)
  label?: string;

  @ApiPropertyOptional({
    example: 'pay-2026',
    description: 'Required once the member has set a transaction password',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  transaction_password?: string;
}

export class DeleteAddressBody {
  @ApiPropertyOptional({
    example: 'pay-2026',
    description: 'Required once the member has set a transaction password',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  transaction_password?: string;
}

export class SavedAddress {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;
  @ApiProperty({ example: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16' })
  address: string;
  @ApiProperty({ example: 'My exchange' })
  label: string;
  @ApiProperty({ enum: ['TRC20'], example: 'TRC20' })
  network: 'TRC20';
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Address poisoning warning: an address this one looks like (same first and last four ' +
      'characters, not equal) that sent you or the club a transfer, that you withdrew to, or ' +
      'that you saved; null when none. Check every character before sending to it.',
    example: null,
  })
  lookalike_of: string | null;
}

export class WithdrawResponse {
  @ApiProperty({ type: 'integer', description: 'The balance record id', example: 43 })
  id: number;
  @ApiProperty({ enum: ['under_review'], example: 'under_review' })
  status: 'under_review';
  @ApiProperty({ example: 3 })
  fee: number;
  @ApiProperty({ description: 'What is sent on chain: amount - fee', example: 17 })
  net_amount: number;
}

const STATUSES = [
  'requested',
  'approved',
  'signed',
  'sent',
  'confirmed',
  'failed',
  'rejected',
  'refunded',
  'cancelled',
] as const;

export class AdminWithdrawalsQuery {
  @ApiPropertyOptional({ enum: STATUSES })
  @IsOptional()
  @IsIn(STATUSES)
  status?: (typeof STATUSES)[number];

  @ApiPropertyOptional({ type: 'integer', description: "Only this member's withdrawals" })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2147483647)
  user_id?: number;

  @PageLimit(100, 50)
  limit?: number;

  @PageBefore('Only withdrawals with a smaller id (the next page)')
  before?: number;

  @PageAfter('Only withdrawals with a larger id (the next page, oldest first)')
  after?: number;

  @PageOrder('desc')
  order?: 'asc' | 'desc';
}

export class RejectWithdrawalBody {
  @ApiProperty({
    description: 'Shown to the member',
    example: 'The address belongs to an exchange that needs a memo',
  })
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}

export class AdminWithdrawal {
  @ApiProperty({ type: 'integer', example: 12 })
  id: number;
  @ApiProperty({ type: 'integer', example: 7 })
  user_id: number;
  @ApiProperty({ type: 'integer', description: "The member's balance record", example: 43 })
  record_id: number;
  @ApiProperty({ example: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })
  wallet: string;
  @ApiProperty({ example: 20 })
  amount: number;
  @ApiProperty({ example: 3 })
  fee: number;
  @ApiProperty({ example: 17 })
  net_amount: number;
  @ApiProperty({ enum: STATUSES })
  status: (typeof STATUSES)[number];
  @ApiProperty({ enum: ['under_review', 'success', 'fail'], description: 'What the member sees' })
  member_status: 'under_review' | 'success' | 'fail';
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it failed, was rejected or waits',
  })
  reason: string | null;
  @ApiProperty({ type: String, nullable: true })
  tx_id: string | null;
  @ApiProperty({ type: 'integer', nullable: true })
  decided_by: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The operator who approved first (see approvals for all of them)',
  })
  first_approved_by: number | null;
  @ApiProperty({ type: [ApprovalEntry], description: 'Who approved it so far, oldest first' })
  approvals: ApprovalEntry[];
  @ApiProperty({
    description:
      "True while a second, different operator has to approve (the member's withdrawals over 24 hours exceed WITHDRAWAL_APPROVAL_THRESHOLD)",
    example: false,
  })
  awaiting_second_approval: boolean;
  @ApiProperty({
    description: 'True while an admin has to approve (an approver went over OPERATOR_DAILY_LIMIT)',
    example: false,
  })
  awaiting_admin: boolean;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class WithdrawalAttempt {
  @ApiProperty({ example: 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90' })
  tx_id: string;
  @ApiProperty({ enum: ['signed', 'sent', 'confirmed', 'failed', 'expired'] })
  status: string;
  @ApiProperty({ type: String, nullable: true })
  failure: string | null;
  @ApiProperty({ format: 'date-time' })
  expires_at: string;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class AdminWithdrawalDetail extends AdminWithdrawal {
  @ApiProperty({ type: [WithdrawalAttempt] })
  attempts: WithdrawalAttempt[];
  @ApiProperty({
    type: ChainCost,
    nullable: true,
    description: 'What its transactions cost on chain (null until one is on chain)',
  })
  chain_cost: ChainCost | null;
  @ApiProperty({
    type: [BalanceRecordItem],
    description: "The member's latest deposits and withdrawals",
  })
  recent_records: BalanceRecordItem[];
}
