import { Column, Entity, PrimaryColumn } from 'typeorm';

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

export const SETTING_CARD = 'card';
export const SETTING_MAIN_MESSAGE = 'main_message';
