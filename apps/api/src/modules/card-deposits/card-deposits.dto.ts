import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsUsdtAmount } from '../../common/validators';
import {
  ApprovalEntry,
  EconomyChangeItem,
  PendingChangesProperty,
} from '../approvals/approvals.dto';

export const CARD_CURRENCIES = ['USD', 'RUB', 'UZS'] as const;
export type CardCurrency = (typeof CARD_CURRENCIES)[number];

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().replace(',', '.') : value;

/** The text fields of the multipart card-deposit form (the photo is `receipt`). */
export class CardDepositForm {
  @ApiProperty({ enum: CARD_CURRENCIES, example: 'UZS' })
  @IsIn(CARD_CURRENCIES, { message: 'currency must be USD, RUB or UZS' })
  currency: CardCurrency;

  @ApiProperty({
    description: 'What was paid, in that currency (2 decimals at most)',
    example: '1270000',
  })
  @Transform(trimmed)
  @IsString()
  @Matches(/^(?!0+(\.0+)?$)\d{1,12}(\.\d{1,2})?$/, {
    message: 'amount must be above 0 with at most 2 decimals',
  })
  amount: string;
}

export class CardDepositCreated {
  @ApiProperty({ type: 'integer', description: 'The record id in /balance?add=true', example: 57 })
  id: number;
  @ApiProperty({ enum: ['under_review'] })
  status: 'under_review';
}

export class CardDepositItem {
  @ApiProperty({ type: 'integer', example: 3 })
  id: number;
  @ApiProperty({ type: 'integer', example: 42 })
  user_id: number;
  @ApiProperty({ type: 'integer', description: "The member's balance record", example: 57 })
  record_id: number;
  @ApiProperty({ enum: CARD_CURRENCIES })
  currency: CardCurrency;
  @ApiProperty({ description: 'Paid, in the currency', example: '1270000.00' })
  amount: string;
  @ApiProperty({
    description: 'USDT per unit of the currency now (operator data)',
    example: '0.000079',
  })
  rate: string;
  @ApiProperty({ description: 'amount × rate, rounded down to 6 decimals', example: 100.33 })
  suggested_usdt: number;
  @ApiProperty({ enum: ['under_review', 'success', 'fail'] })
  status: 'under_review' | 'success' | 'fail';
  @ApiProperty({ type: Number, nullable: true, description: 'USDT credited', example: null })
  credited: number | null;
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  decided_at: string | null;
  @ApiProperty({ type: [ApprovalEntry], description: 'Who approved it so far, oldest first' })
  approvals: ApprovalEntry[];
  @ApiProperty({
    description:
      "True while a second, different operator has to approve (the member's card deposits over 24 hours exceed CARD_DEPOSIT_APPROVAL_THRESHOLD USDT)",
    example: false,
  })
  awaiting_second_approval: boolean;
  @ApiProperty({
    description: 'True while an admin has to approve (an approver went over OPERATOR_DAILY_LIMIT)',
    example: false,
  })
  awaiting_admin: boolean;
}

export class CardDepositListQuery {
  @ApiPropertyOptional({ enum: ['under_review', 'success', 'fail'] })
  @IsOptional()
  @IsIn(['under_review', 'success', 'fail'])
  status?: 'under_review' | 'success' | 'fail';

  @ApiPropertyOptional({
    enum: ['asc', 'desc'],
    description:
      'By time: asc oldest first, desc newest first (default: under review oldest first, others newest first)',
  })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class ApproveCardDepositBody {
  @ApiProperty({
    description: 'USDT to credit (at most 6 decimals)',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 100.33,
  })
  @IsUsdtAmount()
  amount: number | string;
}

export class RejectCardDepositBody {
  @ApiProperty({ description: 'Shown to the member', example: 'No payment arrived' })
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}

const RATE_RULE = /^\d{1,6}(\.\d{1,9})?$/;

export class CardRates {
  @ApiProperty({ description: 'USDT per 1 USD', example: '1' })
  @IsString()
  @Matches(RATE_RULE)
  USD: string;
  @ApiProperty({ description: 'USDT per 1 RUB', example: '0.011' })
  @IsString()
  @Matches(RATE_RULE)
  RUB: string;
  @ApiProperty({ description: 'USDT per 1 UZS', example: '0.000079' })
  @IsString()
  @Matches(RATE_RULE)
  UZS: string;
}

/** The rates as they stand after a change, and what waits for a second admin. */
export class CardRatesAnswer extends CardRates {
  @PendingChangesProperty()
  pending_changes: EconomyChangeItem[];
}
