import { ApiProperty } from '@nestjs/swagger';

export class MessageItem {
  @ApiProperty({ example: 3 })
  id: number;
  @ApiProperty({ example: 'Welcome' })
  title: string;
  @ApiProperty({ example: 'Watch trailers every day to earn rewards.' })
  description: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-21T08:00:00.000Z' })
  created_at: string;
  @ApiProperty({ example: false })
  is_read: boolean;
}
