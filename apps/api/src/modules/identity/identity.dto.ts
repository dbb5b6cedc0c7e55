import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IdParam } from '../../common/id-param.dto';
import { IsIn, IsOptional, IsString, Length, MaxLength, MinLength } from 'class-validator';

export const DOCUMENT_TYPES = ['passport', 'id_card', 'driver_license'] as const;
export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

/** The text fields of the multipart verification form (the photos are `front` and `back`). */
export class VerificationForm {
  @ApiProperty({ example: 'Uzbekistan' })
  @Transform(trimmed)
  @IsString()
  @Length(2, 64)
  country: string;

  @ApiProperty({ enum: DOCUMENT_TYPES, example: 'passport' })
  @IsIn(DOCUMENT_TYPES)
  document_type: (typeof DOCUMENT_TYPES)[number];

  @ApiProperty({ example: 'Aziz Karimov' })
  @Transform(trimmed)
  @IsString()
  @Length(2, 128)
  full_name: string;

  @ApiProperty({ example: 'AA1234567' })
  @Transform(trimmed)
  @IsString()
  @Length(3, 64)
  document_number: string;
}

export class VerificationState {
  @ApiProperty({ enum: VERIFICATION_STATUSES, example: 'pending' })
  status: VerificationStatus;
  @ApiPropertyOptional({ description: 'Why it was rejected', example: 'The photo is blurred' })
  reason?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  submitted_at?: string;
}

export class VerificationItem {
  @ApiProperty({ type: 'integer', example: 5 })
  id: number;
  @ApiProperty({ type: 'integer', example: 42 })
  user_id: number;
  @ApiProperty({ example: 'Uzbekistan' })
  country: string;
  @ApiProperty({ enum: DOCUMENT_TYPES })
  document_type: string;
  @ApiProperty({ example: 'Aziz Karimov' })
  full_name: string;
  @ApiProperty({ example: 'AA1234567' })
  document_number: string;
  @ApiProperty({ enum: ['pending', 'approved', 'rejected'] })
  status: 'pending' | 'approved' | 'rejected';
  @ApiProperty({ type: String, nullable: true })
  reason: string | null;
  @ApiProperty({ format: 'date-time' })
  created_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' })
  decided_at: string | null;
}

export class VerificationListQuery {
  @ApiPropertyOptional({ enum: ['pending', 'approved', 'rejected'] })
  @IsOptional()
  @IsIn(['pending', 'approved', 'rejected'])
  status?: 'pending' | 'approved' | 'rejected';
}

export class OwnSideParam {
  @ApiProperty({ enum: ['front', 'back'] })
  @IsIn(['front', 'back'])
  side: 'front' | 'back';
}

export class SideParam extends IdParam {
  @ApiProperty({ enum: ['front', 'back'] })
  @IsIn(['front', 'back'])
  side: 'front' | 'back';
}

export class RejectBody {
  @ApiProperty({ description: 'Shown to the member', example: 'The photo is blurred' })
  @Transform(trimmed)
  @IsString()
  @MinLength(3)
  @MaxLength(500)
  reason: string;
}
