import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { CardResponse, MainMessage, MainMessageQuery, SiteSettings } from './content.dto';
import { ContentService } from './content.service';

@ApiTags('content')
@Controller()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('messages/main')
  @ApiOperation({ summary: 'The home page message (no sign-in needed)' })
  @ApiOkResponse({ type: MainMessage })
  @ApiErrors('VALIDATION_ERROR')
  getMainMessage(@Query() query: MainMessageQuery): Promise<MainMessage> {
    return this.content.mainMessage(query.lang);
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

@ApiTags('admin')
@Controller('admin/settings')
@Auth(...Staff.admin)
export class AdminSettingsController {
  constructor(private readonly content: ContentService) {}

  @Get()
  @ApiOperation({ summary: 'The card number and the home strip (common and per language)' })
  @ApiOkResponse({ type: SiteSettings })
  getSiteSettings(): Promise<SiteSettings> {
    return this.content.siteSettings();
  }

  @Put()
  @ApiOperation({ summary: 'Set them (an empty text removes one), audited with before and after' })
  @ApiOkResponse({ type: SiteSettings })
  @ApiErrors('VALIDATION_ERROR')
  setSiteSettings(
    @CurrentUser() user: AuthUser,
    @Body() body: SiteSettings,
  ): Promise<SiteSettings> {
    return this.content.setSiteSettings(user.id, body);
  }
}
