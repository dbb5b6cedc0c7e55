import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Role } from '../../common/auth';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  /** The login, shown to clients as `email` (the spec's name for it). */
  @Column({ type: 'varchar', length: 32 })
  phone: string;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  nickname: string | null;

  @Column({ type: 'varchar', length: 16, default: 'member' })
  role: Role;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  /** When the current staff role was granted through the console (cooling off, issue 36); null: long since. */
  @Column({ name: 'role_granted_at', type: 'timestamptz', nullable: true })
  roleGrantedAt: Date | null;

  @Column({ name: 'inviter_id', type: 'integer', nullable: true })
  inviterId: number | null;

  @Column({ name: 'vip_level', type: 'smallint', default: 0 })
  vipLevel: number;

  @Column({ name: 'vip_expire', type: 'timestamptz', nullable: true })
  vipExpire: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
