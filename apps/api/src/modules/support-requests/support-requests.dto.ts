import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { SUPPORT_MESSAGE_MAX, SUPPORT_TOPICS, type SupportTopic } from '@app/domain';
import { PageBefore, PageLimit } from '../../common/paging.dto';
import { IsPhone } from '../../common/validators';

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export class SupportRequestBody {
  @ApiProperty({
    description: 'The phone to call back (the account’s, for a forgotten password)',
    example: '+998901234567',
  })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @IsPhone()
  phone: string;

  @ApiProperty({
    enum: SUPPORT_TOPICS,
    description: 'password: locked out (no mailbox bound); money: a deposit or withdrawal; other',
    example: 'password',
  })
  @IsIn(SUPPORT_TOPICS)
  topic: SupportTopic;

  @ApiProperty({
    example: 'My deposit of 50 USDT from yesterday is not on my balance yet.',
    description: 'What happened, in the member’s words',
    maxLength: SUPPORT_MESSAGE_MAX,
  })
  @Transform(trimmed)
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(SUPPORT_MESSAGE_MAX)
  message: string;
}

export class SupportRequestCreated {
  @ApiProperty({ type: 'integer', example: 7 })
  id: number;
  @ApiProperty({ enum: ['open'], example: 'open' })
  status: 'open';
}

export class SupportRequestsQuery {
  @ApiPropertyOptional({ enum: SUPPORT_STATUSES, description: 'Only these (default: all)' })
  @IsOptional()
  @IsIn(SUPPORT_STATUSES)
  status?: SupportStatus;

  @PageLimit(100, 50)
  limit?: number;

  @PageBefore('Requests with ids below this one (the last id of the previous page)')
  before?: number;
}

export class SupportRequestItem {
  @ApiProperty({ type: 'integer', example: 7 })
  id: number;
  @ApiProperty({
    description: 'The phone to call back, as the sender typed it',
    example: '+998901234567',
  })
  phone: string;
  @ApiProperty({ enum: SUPPORT_TOPICS, example: 'password' })
  topic: SupportTopic;
  @ApiProperty({ example: 'I forgot my password and bound no mailbox.' })
  message: string;
  @ApiProperty({
    enum: ['ru', 'en', 'uz'],
    description: 'The language to answer in',
    example: 'uz',
  })
  lang: string;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The member who sent it signed in (their identity is known); null: sent signed out',
    example: null,
  })
  sent_by: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      'The account with this phone, if any. Signed out, anyone can type any phone: call it back before acting',
    example: 1042,
  })
  account_id: number | null;
  @ApiProperty({ enum: SUPPORT_STATUSES, example: 'open' })
  status: SupportStatus;
  @ApiProperty({ type: 'integer', nullable: true, example: null })
  closed_by: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  closed_at: string | null;
  @ApiProperty({ format: 'date-time', example: '2026-12-01T08:00:00.000Z' })
  created_at: string;
}
