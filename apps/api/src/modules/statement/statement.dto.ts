import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional } from 'class-validator';
import {
  STATEMENT_ACCOUNTS,
  STATEMENT_KINDS,
  STATEMENT_PAGE_DEFAULT,
  STATEMENT_PAGE_MAX,
} from '@app/domain';
import type { StatementAccount, StatementKind } from '@app/domain';
import { PageBefore, PageLimit } from '../../common/paging.dto';

const DATE_MESSAGE = 'must be an ISO 8601 date (YYYY-MM-DD) or date-time';

export class StatementQuery {
  @PageBefore('Only movements with an id below this: the previous page’s `next_before`', 1041)
  before?: number;

  @PageLimit(STATEMENT_PAGE_MAX, STATEMENT_PAGE_DEFAULT)
  limit?: number;

  @ApiPropertyOptional({ enum: STATEMENT_ACCOUNTS, description: 'Only this account' })
  @IsOptional()
  @IsIn(STATEMENT_ACCOUNTS)
  account?: StatementAccount;

  @ApiPropertyOptional({ enum: STATEMENT_KINDS, description: 'Only this kind of movement' })
  @IsOptional()
  @IsIn(STATEMENT_KINDS)
  kind?: StatementKind;

  @ApiPropertyOptional({
    format: 'date',
    description: 'From this day (UTC, inclusive), or from this instant when a date-time',
    example: '2026-11-01',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: `from ${DATE_MESSAGE}` })
  from?: string;

  @ApiPropertyOptional({
    format: 'date',
    description: 'Up to this day (UTC, inclusive), or before this instant when a date-time',
    example: '2026-11-30',
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: `to ${DATE_MESSAGE}` })
  to?: string;
}

/** What a movement refers to, in words a member can follow (each field null when it does not apply). */
export class StatementDetails {
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'The trailer a reward or commission was paid for',
    example: 12,
  })
  trailer_id: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Its title in the reader's language (null: no longer published)",
    example: 'Dune: Part Two',
  })
  trailer_title: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'A commission: the level of the team it came from (1 to 3)',
    example: 2,
  })
  team_level: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'A commission: the team member whose watch paid it',
    example: 1043,
  })
  from_member_id: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "That member's nickname (null: none set)",
    example: 'Aziza',
  })
  from_member_name: string | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'A purchase: the VIP level bought',
    example: 1,
  })
  vip_level: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The TRON transaction of a deposit, or of a withdrawal once sent',
    example: null,
  })
  tx_id: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'A withdrawal (or its refund): the address it was for',
    example: null,
  })
  wallet: string | null;
}

export class StatementItem {
  @ApiProperty({
    type: 'integer',
    description: 'The movement’s id (also the paging cursor)',
    example: 1042,
  })
  id: number;
  @ApiProperty({ format: 'date-time', example: '2026-11-25T08:00:00.000Z' })
  created_at: string;
  @ApiProperty({ enum: STATEMENT_KINDS, example: 'reward' })
  kind: StatementKind;
  @ApiProperty({ enum: STATEMENT_ACCOUNTS, example: 'money' })
  account: StatementAccount;
  @ApiProperty({
    description: 'Signed: positive into the account, negative out of it (USDT or points)',
    example: 1.6,
  })
  amount: number;
  @ApiProperty({ description: 'The account’s balance right after this movement', example: 81.6 })
  balance_after: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'What the movement refers to: `trailer:<id>`, `vip:<level>`, `withdrawal:<id>`, ' +
      '`card_deposit:<id>`, `block:<number>`, `promotion:<id>`, `hold:<id>`, `challenge:<id>`, ' +
      'or an adjustment’s reason; `details` says the same in words',
    example: 'trailer:12',
  })
  reference: string | null;
  @ApiProperty({ type: StatementDetails })
  details: StatementDetails;
}

export class StatementPage {
  @ApiProperty({ type: [StatementItem], description: 'Newest first' })
  items: StatementItem[];
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Pass as `before` for the next (older) page; null when this is the last',
    example: 1021,
  })
  next_before: number | null;
}
