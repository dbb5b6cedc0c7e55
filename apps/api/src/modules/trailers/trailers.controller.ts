import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { DirectRoute } from '../../common/direct-route';
import { JsonText } from '../../common/json-text';
import { ContentLanguage, type Language } from '../../common/language';
import { IdParam } from '../../common/id-param.dto';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import type { AuthUser } from '../../common/auth';
import {
  AdminTrailer,
  BeatBody,
  BeatResponse,
  PosterResponse,
  TrailerBody,
  TrailerSummary,
  TrailerView,
  ViewParam,
  WatchBody,
  WatchResponse,
} from './trailers.dto';
import { readMultipart, singleFile } from '../../infra/storage/uploads';
import { PostersService } from './posters.service';
import { TrailersService } from './trailers.service';
import { WatchService } from './watch.service';

const LANGUAGE_NOTE =
  "Titles and descriptions in the reader's language (`Accept-Language`: ru, en or uz), else Russian, else the one written.";

@ApiTags('trailers')
@Controller('trailers')
@Auth()
export class TrailersController {
  constructor(
    private readonly trailers: TrailersService,
    private readonly watches: WatchService,
  ) {}

  @Get()
  @DirectRoute()
  @ApiOperation({
    summary: 'All trailers, newest first',
    description: LANGUAGE_NOTE,
  })
  @ApiOkResponse({ type: [TrailerSummary] })
  listTrailers(@ContentLanguage() lang: Language): Promise<JsonText<TrailerSummary[]>> {
    return this.trailers.list(lang);
  }

  @Get(':id')
  @ApiOperation({
    summary: "One trailer with its video key; opens this member's view of it",
    description: `${LANGUAGE_NOTE} The new view ends the member's previous one (one view plays at a time).`,
  })
  @ApiOkResponse({ type: TrailerView })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  getTrailer(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @ContentLanguage() lang: Language,
  ): Promise<TrailerView> {
    return this.trailers.open(user.id, params.id, lang);
  }

  @Post(':id/views/:view_id/beat')
  @HttpCode(200)
  @ApiOperation({
    summary: "Report the view's player: its state and position, at least every 5 s",
    description:
      'The time since the previous beat counts as played when that beat said `playing`, the silence lasted at most 7.5 s, and the position moved about as far. A view another view of the member ended answers 409 VIEW_ENDED.',
  })
  @ApiOkResponse({ type: BeatResponse })
  @ApiErrors('NOT_FOUND', 'VIEW_ENDED', 'VALIDATION_ERROR')
  beatTrailerView(
    @CurrentUser() user: AuthUser,
    @Param() params: ViewParam,
    @Body() body: BeatBody,
  ): Promise<BeatResponse> {
    return this.watches.beat(user.id, params.id, params.view_id, body.state, body.position);
  }

  @Post(':id/watch')
  @HttpCode(200)
  @MoneyRoute()
  @ApiOperation({
    summary: 'Count a watched trailer and pay its reward',
    description:
      "Only a view of this member's of this trailer that played 10 s as the server saw its beats, once.",
  })
  @ApiOkResponse({ type: WatchResponse })
  @ApiErrors(
    'NOT_FOUND',
    'WATCH_TOO_SHORT',
    'ALREADY_WATCHED',
    'DAILY_QUOTA_REACHED',
    'VALIDATION_ERROR',
  )
  watchTrailer(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: WatchBody,
  ): Promise<WatchResponse> {
    return this.watches.watch(user.id, params.id, body.view_id);
  }
}

@ApiTags('admin')
@Controller('admin/trailers')
@Auth(...Staff.admin)
@Reach('none')
export class AdminTrailersController {
  constructor(
    private readonly trailers: TrailersService,
    private readonly posters: PostersService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every trailer, drafts included, in the order members see them' })
  @ApiOkResponse({ type: [AdminTrailer] })
  listAllTrailers(@ContentLanguage() lang: Language): Promise<AdminTrailer[]> {
    return this.trailers.listAll(lang);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Add a trailer (audited); upload its poster with POST /admin/trailers/{id}/poster',
  })
  @ApiOkResponse({ type: AdminTrailer })
  @ApiErrors('VALIDATION_ERROR')
  createTrailer(@CurrentUser() user: AuthUser, @Body() body: TrailerBody): Promise<AdminTrailer> {
    return this.trailers.create(user.id, body);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit, reorder, publish or unpublish a trailer (audited)' })
  @ApiOkResponse({ type: AdminTrailer })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  updateTrailer(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: TrailerBody,
  ): Promise<AdminTrailer> {
    return this.trailers.update(user.id, params.id, body);
  }

  @Post(':id/poster')
  @Roles(...Staff.admin)
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace a trailer's poster with an uploaded JPEG, PNG or WebP (audited)",
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['image'],
      properties: { image: { type: 'string', format: 'binary' } },
    },
  })
  @ApiOkResponse({ type: PosterResponse })
  @ApiErrors(
    'NOT_FOUND',
    'FILE_TOO_LARGE',
    'TOO_MANY_FILES',
    'UNSUPPORTED_FILE_TYPE',
    'UNSUPPORTED_MEDIA_TYPE',
    'VALIDATION_ERROR',
  )
  async uploadPoster(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Req() request: FastifyRequest,
  ): Promise<PosterResponse> {
    const { files } = await readMultipart(request);
    return this.posters.replace(user.id, params.id, singleFile(files, 'image'));
  }
}
