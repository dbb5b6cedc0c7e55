import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { RING_LINK_KINDS, type RingLinkKind } from '@app/domain';
import { PageBefore, PageLimit } from '../../common/paging.dto';
import { ApprovalEntry } from '../approvals/approvals.dto';

export const RING_STATUSES = ['open', 'released', 'reversed'] as const;
export type RingStatusName = (typeof RING_STATUSES)[number];
export const RING_DECISIONS = ['release', 'reverse'] as const;
export type RingDecision = (typeof RING_DECISIONS)[number];

export class RingListQuery {
  @PageLimit(200, 50)
  limit?: number;

  @PageBefore('Only rings with an id below this (the previous page’s last id)')
  before?: number;

  @ApiPropertyOptional({ enum: RING_STATUSES, description: 'Only rings in this state' })
  @IsOptional()
  @IsIn(RING_STATUSES)
  status?: RingStatusName;

  @ApiPropertyOptional({
    type: 'integer',
    description: 'Only the ring this member is in',
    example: 100042,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(2_147_483_647)
  member_id?: number;
}

export class RingSignal {
  @ApiProperty({
    enum: RING_LINK_KINDS,
    description:
      'device, funding_address and withdrawal_address link members; a network (/24 or /48) and the inviter most of them share are shown beside them',
  })
  kind: RingLinkKind;
  @ApiProperty({
    description:
      "Enough of the value to tell values apart: an address's ends, a device's hash's last characters, the network, the inviter's member id",
    example: 'TQ5xk…9kPzA',
  })
  value_hint: string;
  @ApiProperty({ description: "How many of the ring's members share it", example: 6 })
  members: number;
}

/** A release or reversal asked and waiting for its approvals. */
export class RingPendingDecision {
  @ApiProperty({ enum: RING_DECISIONS })
  decision: RingDecision;
  @ApiProperty({ type: 'integer', example: 100000 })
  requested_by: number;
  @ApiProperty({
    description:
      'USDT and points the ring held when it was asked (what the approvals are judged on)',
    example: 1250,
  })
  amount: number;
  @ApiProperty({ type: [ApprovalEntry] })
  approvals: ApprovalEntry[];
  @ApiProperty({ description: 'True while a second, different operator has to approve it' })
  awaiting_second_approval: boolean;
  @ApiProperty({ description: 'True while an admin has to approve (OPERATOR_DAILY_LIMIT)' })
  awaiting_admin: boolean;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class RingItem {
  @ApiProperty({ type: 'integer', example: 7 })
  id: number;
  @ApiProperty({ type: [Number], description: 'Member ids, ascending', example: [100114, 100115] })
  members: number[];
  @ApiProperty({ type: [RingSignal], description: 'What links them, strongest kinds first' })
  signals: RingSignal[];
  @ApiProperty({
    description: "Team commissions held in the members' held accounts, USDT",
    example: 12.4,
  })
  held_usdt: number;
  @ApiProperty({
    description: 'Registration points the members hold, not released while the ring is held',
    example: 15,
  })
  held_points: number;
  @ApiProperty({
    enum: RING_STATUSES,
    description:
      'open: waiting for review (held); released: an operator let it go; reversed: its held money went back (later commissions are held again)',
  })
  status: RingStatusName;
  @ApiProperty({ format: 'date-time' })
  found_at: string;
  @ApiProperty({ format: 'date-time', description: 'When members last joined' })
  changed_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  decided_at: string | null;
  @ApiProperty({ type: [RingPendingDecision], description: 'Decisions waiting for approvals' })
  pending: RingPendingDecision[];
}

export class RingDecisionResponse extends RingItem {
  @ApiProperty({
    enum: ['applied', 'awaiting_second_approval', 'awaiting_admin'],
    description: 'applied: the ring is released or reversed now; otherwise what it waits for',
  })
  outcome: 'applied' | 'awaiting_second_approval' | 'awaiting_admin';
}
