import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { HasNoHiddenCharacters, IsNickname, IsPassword, IsPhone } from '../../common/validators';
import { MAX_VIP_LEVEL } from '@app/domain';

export class RegisterBody {
  @ApiProperty({
    description: 'The phone number (the spec calls it email)',
    example: '+998901234567',
  })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @IsPhone()
  email: string;

  @ApiProperty({ minLength: 2, maxLength: 128, example: 'secret12' })
  @IsString()
  @IsPassword()
  password: string;

  @ApiProperty({
    description: "The inviter's member id; 0, empty or absent for none",
    oneOf: [{ type: 'integer' }, { type: 'string' }],
    required: false,
    example: 100000,
  })
  @IsOptional()
  @ValidateIf((_, v) => typeof v !== 'number')
  @IsString({ message: 'invite_code must be a number or a string' })
  @MaxLength(20)
  invite_code?: number | string;
}

export class RegisterResponse {
  @ApiProperty({ type: 'integer', example: 100001 })
  id: number;
}

export class UserMe {
  @ApiProperty({ type: 'integer', example: 100001, description: 'Also the invitation code' })
  id: number;
  @ApiProperty({ type: String, nullable: true, example: 'Aziz' })
  nickname: string | null;
  @ApiProperty({ description: 'The phone number used to sign in', example: '+998901234567' })
  email: string;
  @ApiProperty({ description: 'E-Wallet, USDT', example: 12.5 })
  money: number;
  @ApiProperty({ description: 'Registration points', example: 0 })
  points: number;
  @ApiProperty({ description: 'Held (frozen) points', example: 0 })
  points_hold: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_VIP_LEVEL, example: 0 })
  vip_level: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null })
  vip_expire: string | null;
  @ApiProperty({ example: true })
  is_active: boolean;
  @ApiProperty({ type: 'integer', nullable: true, example: 100000 })
  inviter_id: number | null;
  @ApiProperty({ description: 'Team commissions earned, USDT', example: 0 })
  team_earn: number;
  @ApiProperty({ description: 'Trailer rewards earned, USDT', example: 0 })
  total_earn: number;
  @ApiProperty({
    enum: ['member', 'admin', 'finance', 'support'],
    description:
      'member, or a staff role: admin (everything), finance (money), support (members, messages)',
    example: 'member',
  })
  role: 'member' | 'admin' | 'finance' | 'support';
  @ApiProperty({
    description: 'Whether withdrawals and address-book changes ask for a transaction password',
    example: false,
  })
  has_transaction_password: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The bound mailbox (password-reset codes go there)',
    example: null,
  })
  mail: string | null;
  @ApiProperty({
    enum: ['none', 'pending', 'approved', 'rejected'],
    description: 'Identity verification of the latest request',
    example: 'none',
  })
  verification: 'none' | 'pending' | 'approved' | 'rejected';
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'Until when withdrawals and withdrawal-address changes are held after a password reset ' +
      '(RECOVERY_HOLD_HOURS); null when no hold is in force',
    example: null,
  })
  recovery_hold_until: string | null;
}

export class NicknameBody {
  @ApiProperty({
    minLength: 2,
    maxLength: 32,
    example: 'Aziz',
    description:
      'No invisible, bidirectional or control characters, no bare combining marks (422); no name that reads as staff (400 NICKNAME_RESERVED)',
  })
  @IsString()
  @IsNickname()
  @HasNoHiddenCharacters()
  nickname: string;
}

export class TransactionPasswordBody {
  @ApiProperty({
    description: 'The new transaction password (6 to 64 characters)',
    example: 'pay-2026',
  })
  @IsString()
  @MinLength(6, { message: 'password must be at least 6 characters' })
  @MaxLength(64, { message: 'password must be at most 64 characters' })
  password: string;

  @ApiPropertyOptional({
    example: 'pay-2025',
    description: 'The current transaction password: required to change one',
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  old_password?: string;
}
