import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { IdParam } from '../../common/id-param.dto';
import { readMultipart, singleFile, validateForm } from '../../infra/storage/uploads';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import {
  BannerForm,
  BannerItem,
  CardResponse,
  MainMessage,
  MainMessageQuery,
  SiteInfo,
  SiteSettings,
  SiteSettingsAnswer,
} from './content.dto';
import { ContentService } from './content.service';
import { ContentLanguage, type Language } from '../../common/language';
import { PublicRoute } from '../../infra/redis/public-rate-limit';

@ApiTags('content')
@Controller()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  @Get('messages/main')
  @PublicRoute()
  @ApiOperation({ summary: 'The home page message (no sign-in needed)' })
  @ApiOkResponse({ type: MainMessage })
  @ApiErrors('VALIDATION_ERROR')
  getMainMessage(
    @Query() query: MainMessageQuery,
    @ContentLanguage() lang: Language,
  ): Promise<MainMessage> {
    return this.content.mainMessage(query.lang ?? lang);
  }

  @Get('site')
  @PublicRoute()
  @ApiOperation({
    summary:
      'Support and media links, home banners and tutorial videos set by operators (no sign-in needed)',
  })
  @ApiOkResponse({ type: SiteInfo })
  getSite(@ContentLanguage() lang: Language): Promise<SiteInfo> {
    return this.content.site(lang);
  }

  @Get('card')
  @Auth()
  @ApiOperation({ summary: 'The card number for card deposits' })
  @ApiOkResponse({ type: CardResponse })
  getCard(): Promise<CardResponse> {
    return this.content.card();
  }
}

@ApiTags('admin')
@Controller('admin/settings')
@Auth(...Staff.admin)
@Reach('none')
export class AdminSettingsController {
  constructor(private readonly content: ContentService) {}

  @Get()
  @ApiOperation({ summary: 'The card number and the home strip (common and per language)' })
  @ApiOkResponse({ type: SiteSettings })
  getSiteSettings(): Promise<SiteSettings> {
    return this.content.siteSettings();
  }

  @Put()
  @ApiOperation({
    summary: 'Set them (an empty text removes one), audited with before and after',
    description:
      'While the club has two or more active admins a new card or support link waits for a second admin ' +
      '(pending_changes, GET /admin/economy/changes); the other fields apply at once.',
  })
  @ApiOkResponse({ type: SiteSettingsAnswer })
  @ApiErrors('VALIDATION_ERROR')
  setSiteSettings(
    @CurrentUser() user: AuthUser,
    @Body() body: SiteSettings,
  ): Promise<SiteSettingsAnswer> {
    return this.content.setSiteSettings(user.id, body);
  }
}

@ApiTags('admin')
@Controller('admin/banners')
@Auth(...Staff.admin)
@Reach('none')
export class AdminBannersController {
  constructor(private readonly content: ContentService) {}

  @Get()
  @ApiOperation({
    summary: 'Every home banner, of every language, in their order',
    description: 'GET /site shows a reader only those for every language and for theirs.',
  })
  @ApiOkResponse({ type: [BannerItem] })
  listBanners(): Promise<BannerItem[]> {
    return this.content.banners();
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a home banner: an image, where a tap leads, its order (audited)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', format: 'binary' },
        link: { type: 'string', example: '/about' },
        sort_order: { type: 'integer', example: 0 },
        lang: {
          type: 'string',
          enum: ['ru', 'en', 'uz'],
          description: 'Only for readers of this language; left out: everyone',
        },
      },
    },
  })
  @ApiOkResponse({ type: [BannerItem] })
  @ApiErrors(
    'FILE_TOO_LARGE',
    'TOO_MANY_FILES',
    'UNSUPPORTED_FILE_TYPE',
    'UNSUPPORTED_MEDIA_TYPE',
    'VALIDATION_ERROR',
  )
  async addBanner(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<BannerItem[]> {
    const { files, fields } = await readMultipart(request);
    const form = await validateForm(BannerForm, fields);
    return this.content.addBanner(user.id, singleFile(files, 'image'), form);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Remove a home banner (audited)' })
  @ApiOkResponse({ type: [BannerItem] })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  removeBanner(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<BannerItem[]> {
    return this.content.removeBanner(user.id, params.id);
  }
}
