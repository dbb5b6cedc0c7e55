import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth } from '../../common/auth';
import { CardResponse, MainMessage } from './content.dto';
import { ContentService } from './content.service';

@ApiTags('content')
@Controller()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('messages/main')
  @ApiOperation({ summary: 'The home page message (no sign-in needed)' })
  @ApiOkResponse({ type: MainMessage })
  getMainMessage(): Promise<MainMessage> {
    return this.content.mainMessage();
  }

  @Get('card')
  @Auth()
  @ApiOperation({ summary: 'The card number for card deposits' })
  @ApiOkResponse({ type: CardResponse })
  @ApiErrors('NOT_FOUND')
  getCard(): Promise<CardResponse> {
    return this.content.card();
  }
}
