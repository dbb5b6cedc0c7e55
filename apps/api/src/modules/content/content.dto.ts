import { ApiProperty } from '@nestjs/swagger';

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
