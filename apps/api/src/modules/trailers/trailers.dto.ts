import { ApiProperty } from '@nestjs/swagger';

export class TrailerSummary {
  @ApiProperty({ example: 12 })
  id: number;
  @ApiProperty({ example: 'Night Harbour' })
  title: string;
  @ApiProperty({ example: 'A lighthouse keeper finds a ship that sank fifty years ago.' })
  description: string;
  @ApiProperty({
    description: 'Poster path on this API (prefix with the API base)',
    example: '/static/trailers/12.svg',
  })
  image_url: string;
}

export class TrailerDetail extends TrailerSummary {
  @ApiProperty({ description: 'Video id on the external video site', example: 'dQw4w9WgXcQ' })
  trailer_key: string;
}

export class TodayResponse {
  @ApiProperty({ description: 'USDT earned from trailers today (UTC)', example: 1.5 })
  amount: number;
  @ApiProperty({ description: 'Trailers counted today', example: 3 })
  count: number;
}

export class WatchResponse {
  @ApiProperty({ description: 'USDT credited for this trailer', example: 0.5 })
  reward: number;
  @ApiProperty({ type: TodayResponse })
  today: TodayResponse;
}
