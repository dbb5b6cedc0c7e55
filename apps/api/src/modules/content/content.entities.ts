import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintTransformer } from '../../database/bigint.transformer';

/** Operator-editable texts: the card number, the home message. */
@Entity('app_settings')
export class AppSetting {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'text' })
  value: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}

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

export const SETTING_CARD = 'card';
export const SETTING_MAIN_MESSAGE = 'main_message';
