import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MAX_VIP_LEVEL } from '@app/domain';
import { IsUsdtAmount } from '../../common/validators';
import { PageBefore, PageLimit } from '../../common/paging.dto';

const VIP_LEVEL_MESSAGE = `vip_level must be an integer from 1 to ${MAX_VIP_LEVEL}`;

export class TransferBody {
  @ApiProperty({
    description:
      'USDT to move from the E-Wallet (money) to registration points; > 0, at most 6 decimals',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 12.5,
  })
  @IsUsdtAmount()
  amount: number | string;
}

export class TransferResponse {
  @ApiProperty({ example: 87.5 })
  money: number;
  @ApiProperty({ example: 12.5 })
  points: number;
}

export class BuyVipBody {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_VIP_LEVEL, example: 2 })
  @IsInt({ message: VIP_LEVEL_MESSAGE })
  @Min(1, { message: VIP_LEVEL_MESSAGE })
  @Max(MAX_VIP_LEVEL, { message: VIP_LEVEL_MESSAGE })
  vip_level: number;
}

export class BuyVipResponse {
  @ApiProperty({ type: 'integer', example: 2 })
  vip_level: number;
  @ApiProperty({ format: 'date-time', example: '2027-02-04T08:00:00.000Z' })
  vip_expire: string;
  @ApiProperty({ enum: ['points', 'money'], example: 'points' })
  paid_from: 'points' | 'money';
}

export class BalanceQuery {
  @ApiProperty({
    required: false,
    enum: ['true', 'false'],
    description: 'true: deposits and credits; false: withdrawals and debits',
  })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'add must be true or false' })
  add?: 'true' | 'false';

  @PageLimit(100, 20)
  limit?: number;

  @PageBefore('Only records with an id below this (the last id of the previous page)')
  before?: number;
}

export class BalanceRecordItem {
  @ApiProperty({ type: 'integer', example: 41 })
  id: number;
  @ApiProperty({
    description: 'USDT requested or credited (0 while a claimed deposit is being checked)',
    example: 100,
  })
  amount: number;
  @ApiProperty({ description: 'true: money in (deposit, credit); false: money out', example: true })
  is_add: boolean;
  @ApiProperty({
    enum: ['deposit', 'withdrawal', 'adjustment', 'card'],
    description: 'deposit: USDT on TRON; card: a card payment confirmed by an operator',
    example: 'deposit',
  })
  type: 'deposit' | 'withdrawal' | 'adjustment' | 'card';
  @ApiProperty({ enum: ['under_review', 'success', 'fail'], example: 'success' })
  status: 'under_review' | 'success' | 'fail';
  @ApiProperty({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
  created_at: string;
  @ApiProperty({ type: String, nullable: true, example: null })
  tx_id: string | null;
  @ApiProperty({ example: 0 })
  fee: number;
  @ApiProperty({ example: 100 })
  net_amount: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The address a withdrawal goes to (null for money in)',
    example: null,
  })
  wallet: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "Why a record failed (a claim that pays another address, the operator's reason for a refusal, `cancelled`)",
    example: null,
  })
  reason: string | null;
  @ApiProperty({
    type: String,
    enum: ['refused', 'cancelled', 'failed'],
    nullable: true,
    description:
      'How a failed record ended: refused by an operator, cancelled by the member, or failed on its way ' +
      '(a claim that did not check out, a transfer the chain did not take); null unless status is fail',
    example: 'refused',
  })
  failure: 'refused' | 'cancelled' | 'failed' | null;
  @ApiProperty({
    description:
      'A withdrawal under review that no operator has approved yet: POST /balance/take/{id}/cancel gives the money back',
    example: false,
  })
  cancellable: boolean;
}
