import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { PASSWORD_MAX } from '@app/domain';
import { IsMailbox, IsPassword, IsPhone } from '../../common/validators';

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

/**
 * The refresh token as the body carries it: a URL's query string is written
 * to proxies' and browsers' logs, a body is not.
 */
export class RefreshBody {
  @ApiPropertyOptional({
    description: 'The refresh token, without a "Bearer " prefix (JSON or form-encoded body)',
    example: 'q3Jb2...',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refresh_token?: string;
}

/** The query form the contract keeps for older clients; the body's wins when both come. */
export class RefreshQuery {
  @ApiPropertyOptional({
    description:
      'Kept for older clients: the refresh token, without a "Bearer " prefix. Send it in the body instead (a URL ends up in logs).',
    deprecated: true,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(256)
  refresh_token?: string;
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

export class MailStatus {
  @ApiProperty({ type: String, nullable: true, example: 'member@example.com' })
  mail: string | null;
  @ApiProperty({
    enum: ['smtp', 'log', 'off'],
    description:
      'smtp: mail is sent; log: no SMTP_URL, mails are printed to the API log (development); off: mail is not configured',
    example: 'smtp',
  })
  delivery: 'smtp' | 'log' | 'off';
  @ApiProperty({
    enum: ['queued', 'sent', 'failed', 'expired'],
    nullable: true,
    description:
      'The mail with the latest mailbox code: queued (being sent; retried while the mail server is away), sent, failed (gave up: ask for a new code, at once), expired (the code expired before it could be sent); null: no code asked for',
    example: 'sent',
  })
  code_mail: 'queued' | 'sent' | 'failed' | 'expired' | null;
}

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class MailCodeBody {
  @ApiProperty({ description: 'The mailbox to bind', example: 'member@example.com' })
  @Transform(trimmed)
  @IsMailbox()
  mail: string;

  @ApiPropertyOptional({
    example: 'secret12',
    description: 'The login password: required to change a mailbox already bound',
  })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_MAX)
  password?: string;
}

const CODE_RULE = /^\d{6}$/;

export class BindMailBody {
  @ApiProperty({ example: 'member@example.com' })
  @Transform(trimmed)
  @IsMailbox()
  mail: string;

  @ApiProperty({ description: 'The 6-digit code mailed to it', example: '123456' })
  @IsString()
  @Matches(CODE_RULE, { message: 'The code is 6 digits' })
  code: string;
}

export class ForgotBody {
  @ApiProperty({ description: 'The phone number of the account', example: '+998901234567' })
  @IsString()
  @IsNotEmpty({ message: 'Required' })
  @IsPhone()
  email: string;
}

export class ResetBody extends ForgotBody {
  @ApiProperty({ description: 'The 6-digit code from the mail or an operator', example: '123456' })
  @IsString()
  @Matches(CODE_RULE, { message: 'The code is 6 digits' })
  code: string;

  @ApiProperty({ description: 'The new password', example: 'new-secret' })
  @IsString()
  @IsPassword()
  password: string;
}

/** A member without a mailbox: the operator hands the code over in person. */
export class ResetCodeResponse {
  @ApiProperty({ description: 'Give it to the member in person; it works once', example: '042917' })
  code: string;
  @ApiProperty({ format: 'date-time' })
  expires_at: string;
}

/** A member with a bound mailbox: the code went there, and the operator never sees it. */
export class ResetCodeMailedResponse {
  @ApiProperty({
    description: 'The mailbox the code was mailed to, masked',
    example: 'm***@example.com',
  })
  sent_to: string;
  @ApiProperty({ format: 'date-time' })
  expires_at: string;
}
