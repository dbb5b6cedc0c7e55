import { ApiProperty } from '@nestjs/swagger';

export class PackageItem {
  @ApiProperty({ minimum: 0, maximum: 9, example: 1 })
  vip_level: number;
  @ApiProperty({ description: 'USDT', example: 50 })
  price: number;
  @ApiProperty({ example: 4 })
  daily_trailers: number;
  @ApiProperty({ description: 'USDT per trailer', example: 0.5 })
  reward_per_trailer: number;
  @ApiProperty({ example: 75 })
  membership_days: number;
}
