import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { IdParam } from '../../common/id-param.dto';
import { Auth, CurrentUser } from '../../common/auth';
import { MoneyRoute } from '../../common/money-rate-limit';
import type { AuthUser } from '../../common/auth';
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
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  getTrailer(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<TrailerDetail> {
    return this.trailers.open(user.id, params.id);
  }

  @Post(':id/watch')
  @HttpCode(200)
  @MoneyRoute()
  @ApiOperation({ summary: 'Count a watched trailer (10 s after opening it) and pay its reward' })
  @ApiOkResponse({ type: WatchResponse })
  @ApiErrors(
    'NOT_FOUND',
    'WATCH_TOO_SHORT',
    'ALREADY_WATCHED',
    'DAILY_QUOTA_REACHED',
    'VALIDATION_ERROR',
  )
  watchTrailer(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<WatchResponse> {
    return this.watches.watch(user.id, params.id);
  }
}
