import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import { OK, OkResponse } from '../../common/ok.dto';
import { readMultipart, validateForm } from '../../infra/storage/uploads';
import {
  AdminMoment,
  AdminMomentsQuery,
  LikeState,
  MOMENT_TEXT_MAX,
  MomentCreated,
  MomentForm,
  MomentItem,
  MomentsQuery,
  ReportBody,
} from './moments.dto';
import { MomentsService } from './moments.service';

@ApiTags('moments')
@Controller('moments')
@Auth()
export class MomentsController {
  constructor(private readonly moments: MomentsService) {}

  @Get()
  @ApiOperation({ summary: 'The feed, newest first; `before` pages, `user_id` finds one member' })
  @ApiOkResponse({ type: [MomentItem] })
  @ApiErrors('VALIDATION_ERROR')
  listMoments(@CurrentUser() user: AuthUser, @Query() query: MomentsQuery): Promise<MomentItem[]> {
    return this.moments.feed(user.id, {
      before: query.before,
      limit: query.limit,
      userId: query.user_id,
    });
  }

  @Get('mine')
  @ApiOperation({ summary: 'Your own posts (the Record screen), newest first' })
  @ApiOkResponse({ type: [MomentItem] })
  @ApiErrors('VALIDATION_ERROR')
  listMyMoments(
    @CurrentUser() user: AuthUser,
    @Query() query: MomentsQuery,
  ): Promise<MomentItem[]> {
    return this.moments.feed(user.id, { before: query.before, limit: query.limit, mine: true });
  }

  @Post()
  @HttpCode(200)
  @MoneyRoute()
  @ApiOperation({
    summary: `Post text (up to ${MOMENT_TEXT_MAX} characters) and up to 9 photos; re-encoded without metadata`,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        text: {
          type: 'string',
          maxLength: MOMENT_TEXT_MAX,
          example: 'My first week as VIP2: 10 trailers a day!',
        },
        images: { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: 9 },
      },
    },
  })
  @ApiOkResponse({ type: MomentCreated })
  @ApiErrors(
    'FILE_TOO_LARGE',
    'TOO_MANY_FILES',
    'UNSUPPORTED_FILE_TYPE',
    'UNSUPPORTED_MEDIA_TYPE',
    'TOO_MANY_REQUESTS',
    'VALIDATION_ERROR',
  )
  async createMoment(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<MomentCreated> {
    const { files, fields } = await readMultipart(request);
    const form = await validateForm(MomentForm, fields);
    return this.moments.create(user.id, form.text ?? '', files);
  }

  @Post(':id/like')
  @HttpCode(200)
  @ApiOperation({ summary: 'Like a post (again: nothing changes)' })
  @ApiOkResponse({ type: LikeState })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  likeMoment(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<LikeState> {
    return this.moments.like(user.id, params.id, true);
  }

  @Delete(':id/like')
  @ApiOperation({ summary: 'Take your like back' })
  @ApiOkResponse({ type: LikeState })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  unlikeMoment(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<LikeState> {
    return this.moments.like(user.id, params.id, false);
  }

  @Post(':id/report')
  @HttpCode(200)
  @ApiOperation({ summary: 'Report a post to the operators' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  async reportMoment(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: ReportBody,
  ): Promise<OkResponse> {
    await this.moments.report(user.id, params.id, body.reason ?? '');
    return OK;
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete your post (operators: any post, audited)' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  async deleteMoment(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<OkResponse> {
    await this.moments.remove(user, params.id);
    return OK;
  }
}

@ApiTags('admin')
@Controller('admin/moments')
@Auth(...Staff.people)
@Reach('none')
export class AdminMomentsController {
  constructor(private readonly moments: MomentsService) {}

  @Get()
  @ApiOperation({ summary: 'Posts for moderation, most reported first' })
  @ApiOkResponse({ type: [AdminMoment] })
  @ApiErrors('VALIDATION_ERROR')
  listModeration(
    @CurrentUser() user: AuthUser,
    @Query() query: AdminMomentsQuery,
  ): Promise<AdminMoment[]> {
    return this.moments.adminList(user.id, query.reported);
  }

  @Post(':id/hide')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hide a post from members at once (audited)' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  async hideMoment(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<OkResponse> {
    await this.moments.setHidden(user.id, params.id, true);
    return OK;
  }

  @Post(':id/unhide')
  @HttpCode(200)
  @ApiOperation({ summary: 'Show a hidden post again (audited)' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  async unhideMoment(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<OkResponse> {
    await this.moments.setHidden(user.id, params.id, false);
    return OK;
  }
}
