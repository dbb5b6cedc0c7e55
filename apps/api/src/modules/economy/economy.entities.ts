import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../database/bigint.transformer';

/** One row of the economy table; seeded from libs/domain, then the operators'. */
@Entity('packages')
export class PackageRow {
  @PrimaryColumn({ name: 'vip_level', type: 'smallint' })
  vipLevel: number;

  @Column({ name: 'price_micro', type: 'bigint', transformer: bigintTransformer })
  priceMicro: bigint;

  @Column({ name: 'daily_trailers', type: 'integer' })
  dailyTrailers: number;

  @Column({ name: 'reward_micro', type: 'bigint', transformer: bigintTransformer })
  rewardMicro: bigint;

  @Column({ name: 'membership_days', type: 'integer' })
  membershipDays: number;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

/** Team commission rate by depth below the earner (1 to 3), in basis points. */
@Entity('team_rates')
export class TeamRate {
  @PrimaryColumn({ type: 'smallint' })
  depth: number;

  @Column({ name: 'rate_bp', type: 'integer' })
  rateBp: number;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
