import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { AppError } from '../../common/app-error';
import { ApiErrors } from '../../common/api-errors.decorator';
import { InvitesQuery, InvitesResponse } from './team.dto';
import { TeamService } from './team.service';

@ApiTags('team')
@Controller('users')
@Auth()
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('invites')
  @ApiOperation({
    summary: 'Team members on levels L1, L2, L3',
    description:
      'Whole by default. With `level` (and `limit`, `before`): one page of that level, newest first, in the same shape (the other levels empty).',
  })
  @ApiOkResponse({ type: InvitesResponse })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  listInvites(
    @CurrentUser() user: AuthUser,
    @Query() query: InvitesQuery,
  ): Promise<InvitesResponse> {
    if (query.level === undefined) {
      if (query.limit !== undefined || query.before !== undefined)
        throw new AppError('BAD_REQUEST', '`limit` and `before` page one `level`');
      return this.team.invites(user.id);
    }
    return this.team.invites(user.id, {
      depth: query.level,
      limit: query.limit ?? 50,
      before: query.before ?? null,
    });
  }
}
