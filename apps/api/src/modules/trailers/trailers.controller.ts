import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { IdParam } from '../../common/id-param.dto';
import { Auth } from '../auth/guards';
import { TrailerDetail, TrailerSummary } from './trailers.dto';
import { TrailersService } from './trailers.service';

@ApiTags('trailers')
@Controller('trailers')
@Auth()
export class TrailersController {
  constructor(private readonly trailers: TrailersService) {}

  @Get()
  @ApiOperation({ summary: 'All trailers, newest first' })
  @ApiOkResponse({ type: [TrailerSummary] })
  listTrailers(): Promise<TrailerSummary[]> {
    return this.trailers.list();
  }

  @Get(':id')
  @ApiOperation({ summary: 'One trailer with its video key' })
  @ApiOkResponse({ type: TrailerDetail })
  @ApiErrors(404, 422)
  getTrailer(@Param() params: IdParam): Promise<TrailerDetail> {
    return this.trailers.get(params.id);
  }
}
