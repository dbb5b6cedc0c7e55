import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

export const LANGUAGES = ['ru', 'en', 'uz'] as const;
const trimmed = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim() : value;

export class CardResponse {
  @ApiProperty({ description: 'Card number for card deposits', example: '8600 1234 5678 9012' })
  card: string;
}

export class MainMessage {
  @ApiProperty({
    required: false,
    description: 'Translation key or text of the home strip',
    example: 'main_message.promotion',
  })
  message?: string;
}

export class MainMessageQuery {
  @ApiPropertyOptional({ enum: LANGUAGES, description: "The reader's language; its own text wins" })
  @IsOptional()
  @IsIn(LANGUAGES)
  lang?: (typeof LANGUAGES)[number];
}

/** What operators edit here; an empty text removes that setting. */
export class SiteSettings {
  @ApiProperty({ description: 'Card number for card deposits', example: '8600 1234 5678 9012' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(64)
  card: string;

  @ApiProperty({
    description: 'Home strip for every language (or a translation key)',
    example: 'main_message.promotion',
  })
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  main_message: string;

  @ApiProperty({ description: 'Home strip in Russian (empty: the one above)' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  main_message_ru: string;

  @ApiProperty({ description: 'Home strip in English (empty: the one above)' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  main_message_en: string;

  @ApiProperty({ description: 'Home strip in Uzbek (empty: the one above)' })
  @Transform(trimmed)
  @IsString()
  @MaxLength(500)
  main_message_uz: string;
}
