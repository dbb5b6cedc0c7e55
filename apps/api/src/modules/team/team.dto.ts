import { ApiProperty } from '@nestjs/swagger';

export class TeamMember {
  @ApiProperty({ example: 100042 })
  id: number;
  @ApiProperty({ description: 'Effective VIP level (0 once a membership expired)', example: 1 })
  vip_level: number;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
  created_at: string;
}

export class InvitesResponse {
  @ApiProperty({ type: [TeamMember], description: 'Invited by you' })
  level1: TeamMember[];
  @ApiProperty({ type: [TeamMember], description: 'Invited by your level 1' })
  level2: TeamMember[];
  @ApiProperty({ type: [TeamMember], description: 'Invited by your level 2' })
  level3: TeamMember[];
}
