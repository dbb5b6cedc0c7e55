import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX } from '@app/domain';
import { IsPassword, IsPhone } from '../../common/validators';

export class TokenForm {
  @ApiProperty({
    description: 'The phone number (OAuth2 password flow username)',
    example: '+998901234567',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  username: string;

  @ApiProperty({ example: 'secret12' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  password: string;
}

export class RefreshQuery {
  @ApiProperty({
    description: 'The refresh token, without a "Bearer " prefix',
    example: 'q3Jb2...',
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refresh_token: string;
}

export class TokenResponse {
  @ApiProperty({
    description: 'JWT, valid 15 minutes',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...',
  })
  access_token: string;

  @ApiProperty({
    description: 'Opaque, valid 30 days, single use (rotated on refresh)',
    example: 'q3Jb2xX5...',
  })
  refresh_token: string;

  @ApiProperty({ enum: ['bearer'], example: 'bearer' })
  token_type: 'bearer';
}

export class ChangePhoneBody {
  @ApiProperty({ description: 'The new phone number', example: '+998901234568' })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @IsPhone()
  login: string;

  @ApiProperty({ description: 'The current password', example: 'secret12' })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(PASSWORD_MAX)
  password: string;
}

export class ChangePasswordBody {
  @ApiProperty({ example: 'secret12' })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @MaxLength(PASSWORD_MAX)
  old_password: string;

  @ApiProperty({ minLength: 2, maxLength: 128, example: 'secret34' })
  @IsString()
  @IsPassword()
  new_password: string;
}
