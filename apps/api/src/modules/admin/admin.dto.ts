import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { ADJUST_ACCOUNTS, ADJUST_REASON_MAX, ADJUST_REASON_MIN, AdjustAccount } from '@app/domain';
import { IsUsdtAmount } from '../../common/validators';
import { ApprovalEntry } from '../approvals/approvals.dto';
import { PageQuery } from '../../common/paging.dto';
import { SolvencyView } from '../withdrawals/solvency.dto';

export class AdjustBody {
  @ApiProperty({ enum: ADJUST_ACCOUNTS, example: 'money' })
  @IsIn(ADJUST_ACCOUNTS, { message: 'account must be money or points' })
  account: AdjustAccount;

  @ApiProperty({
    description: 'Signed: positive credits, negative debits (never below zero); at most 6 decimals',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: -5.25,
  })
  @IsUsdtAmount({ signed: true })
  amount: number | string;

  @ApiProperty({
    minLength: ADJUST_REASON_MIN,
    maxLength: ADJUST_REASON_MAX,
    example: 'Refund of a duplicated card deposit',
  })
  @IsString()
  @Length(ADJUST_REASON_MIN, ADJUST_REASON_MAX)
  reason: string;
}

export class AdjustResponse {
  @ApiProperty({
    enum: ['applied', 'pending_approval'],
    description:
      "pending_approval: the member's adjustments over 24 hours exceed ADJUST_APPROVAL_THRESHOLD (a second operator " +
      'must approve), or an approver went over OPERATOR_DAILY_LIMIT (an admin must approve)',
    example: 'applied',
  })
  status: 'applied' | 'pending_approval';
  @ApiProperty({ description: 'Waiting for a second, different operator', example: false })
  awaiting_second_approval: boolean;
  @ApiProperty({ description: 'Waiting for an admin', example: false })
  awaiting_admin: boolean;
  @ApiProperty({ type: String, nullable: true, example: '812', description: 'null while pending' })
  transaction_id: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: null,
    description: 'the approval request',
  })
  request_id: number | null;
  @ApiProperty({ example: 94.75 })
  money: number;
  @ApiProperty({ example: 0 })
  points: number;
}

export class LedgerTotal {
  @ApiProperty({ example: 'rewards' })
  kind: string;
  @ApiProperty({ enum: ['USDT', 'POINTS'], example: 'USDT' })
  currency: string;
  @ApiProperty({ enum: ['member', 'system'], example: 'system' })
  owner: string;
  @ApiProperty({
    description: 'Sum of postings (system accounts are negative when they paid out)',
    example: -120.5,
  })
  total: number;
}

export class LedgerCheckpointView {
  @ApiProperty({
    type: 'integer',
    description: 'Postings up to this id are summed in the checkpoint',
    example: 5100,
  })
  posting_id: number;
  @ApiProperty({ format: 'date-time' })
  at: string;
}

export class LastFullAuditView {
  @ApiProperty({ format: 'date-time' })
  started_at: string;
  @ApiProperty({ format: 'date-time' })
  finished_at: string;
  @ApiProperty({ type: 'integer', description: 'The checkpoint it also verified', example: 5100 })
  through_posting_id: number;
  @ApiProperty({ example: true })
  balanced: boolean;
  @ApiProperty({
    description: 'Cached figures, the checkpoint and the daily rollups all match the postings',
    example: true,
  })
  consistent: boolean;
  @ApiProperty({ example: 0 })
  unbalanced_transactions: number;
  @ApiProperty({ example: 0 })
  mismatched_accounts: number;
  @ApiProperty({ example: 0 })
  mismatched_earnings: number;
  @ApiProperty({ example: 0 })
  negative_member_accounts: number;
  @ApiProperty({ example: 0 })
  checkpoint_mismatches: number;
  @ApiProperty({ example: 0 })
  rollup_mismatches: number;
}

export class LedgerReportResponse {
  @ApiProperty({
    description: 'Every currency sums to zero and every transaction balances',
    example: true,
  })
  balanced: boolean;
  @ApiProperty({
    description: 'Every cached balance and earnings figure equals its recomputation',
    example: true,
  })
  consistent: boolean;
  @ApiProperty({ example: 0 })
  unbalanced_transactions: number;
  @ApiProperty({ example: 0 })
  mismatched_accounts: number;
  @ApiProperty({ example: 0 })
  mismatched_earnings: number;
  @ApiProperty({ example: 0 })
  negative_member_accounts: number;
  @ApiProperty({ example: 1204 })
  transactions: number;
  @ApiProperty({ example: 5120 })
  postings: number;
  @ApiProperty({ type: [LedgerTotal] })
  totals: LedgerTotal[];
  @ApiProperty({
    type: LedgerCheckpointView,
    description:
      'The figures above are this verified checkpoint plus the postings after it, checked now',
  })
  checkpoint: LedgerCheckpointView;
  @ApiProperty({
    type: LastFullAuditView,
    nullable: true,
    description: 'The scheduled re-check of the whole ledger; null before the first',
  })
  last_full_audit: LastFullAuditView | null;
  @ApiProperty({ type: SolvencyView })
  solvency: SolvencyView;
}

export class AdjustmentRequestItem {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;
  @ApiProperty({ type: 'integer', example: 100000 })
  requested_by: number;
  @ApiProperty({ type: 'integer', example: 100042 })
  user_id: number;
  @ApiProperty({ enum: ADJUST_ACCOUNTS, example: 'money' })
  account: AdjustAccount;
  @ApiProperty({ description: 'Signed USDT (or points)', example: 2500 })
  amount: number;
  @ApiProperty({ example: 'Bank transfer received by hand' })
  reason: string;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'], example: 'pending' })
  status: 'pending' | 'approved' | 'rejected';
  @ApiProperty({ type: 'integer', nullable: true, example: null })
  decided_by: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  decided_at: string | null;
  @ApiProperty({ type: String, nullable: true, example: null })
  transaction_id: string | null;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
  created_at: string;
  @ApiProperty({
    type: [ApprovalEntry],
    description: 'Who approved it so far (the requester first)',
  })
  approvals: ApprovalEntry[];
  @ApiProperty({
    description:
      "True while a second, different operator has to approve (the member's adjustments over 24 hours exceed ADJUST_APPROVAL_THRESHOLD)",
    example: false,
  })
  awaiting_second_approval: boolean;
  @ApiProperty({
    description: 'True while an admin has to approve (an approver went over OPERATOR_DAILY_LIMIT)',
    example: false,
  })
  awaiting_admin: boolean;
}

export class AdjustmentListQuery extends PageQuery {
  @ApiProperty({ required: false, enum: ['pending', 'approved', 'rejected'], default: 'pending' })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'], {
    message: 'status must be pending, approved or rejected',
  })
  status?: 'pending' | 'approved' | 'rejected';
}
