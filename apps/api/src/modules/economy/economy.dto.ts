import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsNumber, Max, Min } from 'class-validator';
import { IsUsdtAmount } from '../../common/validators';
import { MAX_VIP_LEVEL } from '@app/domain';
import { EconomyChangeItem, PendingChangesProperty } from '../approvals/approvals.dto';

export class PackageItem {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_VIP_LEVEL, example: 1 })
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

/** An operator's edit of one level of the economy table. */
export class PackageBody {
  @ApiProperty({
    description: 'USDT (at most 6 decimals)',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 60,
  })
  @IsUsdtAmount({ allowZero: true })
  price: number | string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 1000, example: 5 })
  @IsInt()
  @Min(0)
  @Max(1000)
  daily_trailers: number;

  @ApiProperty({
    description: 'USDT paid per counted trailer (at most 6 decimals)',
    oneOf: [{ type: 'number' }, { type: 'string' }],
    example: 0.5,
  })
  @IsUsdtAmount({ allowZero: true })
  reward_per_trailer: number | string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 3650, example: 30 })
  @IsInt()
  @Min(0)
  @Max(3650)
  membership_days: number;
}

export class TeamRates {
  @ApiProperty({
    description: 'Percent of the reward paid to the inviter (0 to 100, 2 decimals)',
    example: 10,
  })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  level1: number;
  @ApiProperty({ example: 5 })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  level2: number;
  @ApiProperty({ example: 2 })
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  level3: number;
}

/** A package's edit: the economy table as it stands, and what waits for a second admin. */
export class PackagesAnswer {
  @ApiProperty({ type: [PackageItem] })
  packages: PackageItem[];
  @PendingChangesProperty()
  pending_changes: EconomyChangeItem[];
}

/** The team rates as they stand, and what waits for a second admin. */
export class TeamRatesAnswer extends TeamRates {
  @PendingChangesProperty()
  pending_changes: EconomyChangeItem[];
}
