import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { Reach } from '../../common/reach';
import { MemberDetail, MemberListQuery, MemberPage, RoleBody } from './members.dto';
import { MembersService } from './members.service';

@ApiTags('admin')
@Controller('admin/users')
@Auth(...Staff.any)
@Reach('account')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get()
  @ApiOperation({
    summary: 'Find members: by id, phone or nickname, with filters, sorted and paged on the server',
    description:
      'Operators other than admins see members only (role `member`): a role filter for operators finds nothing.',
  })
  @ApiOkResponse({ type: MemberPage })
  @ApiErrors('VALIDATION_ERROR')
  @Reach('none')
  listMembers(@CurrentUser() user: AuthUser, @Query() query: MemberListQuery): Promise<MemberPage> {
    return this.members.list(user.role, query);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'One member: balances, records, postings, team, logins, verification',
  })
  @ApiOkResponse({ type: MemberDetail })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  getMember(@Param() params: IdParam): Promise<MemberDetail> {
    return this.members.detail(params.id);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @Roles(...Staff.people)
  @ApiOperation({
    summary: 'Deactivate an account: its logins end and it cannot sign in (audited)',
  })
  @ApiOkResponse({ type: MemberDetail })
  @ApiErrors('NOT_FOUND', 'LAST_ADMIN_FORBIDDEN', 'VALIDATION_ERROR')
  deactivateMember(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<MemberDetail> {
    return this.members.setActive(user.id, params.id, false);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Roles(...Staff.people)
  @ApiOperation({ summary: 'Reactivate an account (audited)' })
  @ApiOkResponse({ type: MemberDetail })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  activateMember(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<MemberDetail> {
    return this.members.setActive(user.id, params.id, true);
  }

  @Post(':id/end_logins')
  @HttpCode(200)
  @Roles(...Staff.people)
  @ApiOperation({ summary: "End all of a member's logins (audited)" })
  @ApiOkResponse({ type: MemberDetail })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  endMemberLogins(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<MemberDetail> {
    return this.members.endLogins(user.id, params.id);
  }

  @Post(':id/role')
  @HttpCode(200)
  @Roles(...Staff.admin)
  @ApiOperation({ summary: "Change a member's role: member, admin, finance or support (audited)" })
  @ApiOkResponse({ type: MemberDetail })
  @ApiErrors('NOT_FOUND', 'LAST_ADMIN_FORBIDDEN', 'VALIDATION_ERROR')
  setMemberRole(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: RoleBody,
  ): Promise<MemberDetail> {
    return this.members.setRole(user.id, params.id, body.role);
  }
}
