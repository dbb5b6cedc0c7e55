import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { IdParam } from '../../common/id-param.dto';
import { Auth, CurrentUser } from '../auth/guards';
import type { AuthUser } from '../auth/auth.types';
import { TrailerDetail, TrailerSummary, WatchResponse } from './trailers.dto';
import { TrailersService } from './trailers.service';
import { WatchService } from './watch.service';

@ApiTags('trailers')
@Controller('trailers')
@Auth()
export class TrailersController {
  constructor(
    private readonly trailers: TrailersService,
    private readonly watches: WatchService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'All trailers, newest first' })
  @ApiOkResponse({ type: [TrailerSummary] })
  listTrailers(): Promise<TrailerSummary[]> {
    return this.trailers.list();
  }

  @Get(':id')
  @ApiOperation({ summary: "One trailer with its video key; starts this member's view" })
  @ApiOkResponse({ type: TrailerDetail })
  @ApiErrors(404, 422)
  getTrailer(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<TrailerDetail> {
    return this.trailers.open(user.id, params.id);
  }

  @Post(':id/watch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Count a watched trailer (10 s after opening it) and pay its reward' })
  @ApiOkResponse({ type: WatchResponse })
  @ApiErrors(
    404,
    {
      status: 400,
      code: 'WATCH_TOO_SHORT',
      detail: 'Watch the trailer for at least 10 seconds',
      description: 'Less than 10 s since GET /trailers/{id}',
    },
    {
      status: 400,
      code: 'ALREADY_WATCHED',
      detail: 'This trailer was already counted today',
      description: 'Once per trailer per day',
    },
    {
      status: 400,
      code: 'DAILY_QUOTA_REACHED',
      detail: "Today's trailer quota is used up",
      description: "The level's daily quota is used",
    },
    422,
  )
  watchTrailer(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<WatchResponse> {
    return this.watches.watch(user.id, params.id);
  }
}
