import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { InvitesResponse } from './team.dto';
import { TeamService } from './team.service';

@ApiTags('team')
@Controller('users')
@Auth()
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @Get('invites')
  @ApiOperation({ summary: 'Team members on levels L1, L2, L3' })
  @ApiOkResponse({ type: InvitesResponse })
  listInvites(@CurrentUser() user: AuthUser): Promise<InvitesResponse> {
    return this.team.invites(user.id);
  }
}
