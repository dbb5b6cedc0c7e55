import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { PageBefore, PageLimit } from '../../common/paging.dto';

/**
 * Optional paging of one level (issue 27: a team of 10,000 is 600 KB in one
 * answer). Without `level` the answer is the contract's: all three levels,
 * whole, oldest first.
 */
export class InvitesQuery {
  @ApiPropertyOptional({
    type: 'integer',
    enum: [1, 2, 3],
    description:
      'Page this level only (newest first; the other two levels come back empty). Without it: all three levels, whole, oldest first',
  })
  @IsOptional()
  @Type(() => Number)
  @IsIn([1, 2, 3], { message: 'level must be 1, 2 or 3' })
  level?: 1 | 2 | 3;

  @PageLimit(200, 50)
  limit?: number;

  @PageBefore('With `level`: only members with an id below this (the last id of the previous page)')
  before?: number;
}

export class TeamMember {
  @ApiProperty({ type: 'integer', example: 100042 })
  id: number;
  @ApiProperty({
    type: 'integer',
    description: 'Effective VIP level (0 once a membership expired)',
    example: 1,
  })
  vip_level: number;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
  created_at: string;
}

export class LevelCounts {
  @ApiProperty({ description: 'Members on the level', example: 10000 })
  total: number;
  @ApiProperty({ description: 'Of them, holding a VIP level now', example: 3200 })
  vip: number;
}

export class InvitesResponse {
  @ApiProperty({ type: [TeamMember], description: 'Invited by you' })
  level1: TeamMember[];
  @ApiProperty({ type: [TeamMember], description: 'Invited by your level 1' })
  level2: TeamMember[];
  @ApiProperty({ type: [TeamMember], description: 'Invited by your level 2' })
  level3: TeamMember[];
  @ApiPropertyOptional({
    type: LevelCounts,
    description:
      "Only on a level's first page (`level` without `before`): the whole level's counts",
  })
  counts?: LevelCounts;
}
