import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { Reach } from '../../common/reach';
import {
  MemberChangeApplied,
  MemberChangeAwaiting,
  MemberChangeResponse,
  MemberDetail,
  MemberListQuery,
  MemberPage,
  RoleBody,
} from './members.dto';
import { MembersService } from './members.service';

/** The answer of a change that may wait for a second admin (contract section 11). */
const CHANGE_ANSWER = {
  description:
    '`applied` with the member as it is now, or `awaiting_second_admin` with the staff request ' +
    'another admin approves (nothing changed yet)',
  schema: {
    oneOf: [
      { $ref: getSchemaPath(MemberChangeApplied) },
      { $ref: getSchemaPath(MemberChangeAwaiting) },
    ],
    discriminator: {
      propertyName: 'status',
      mapping: {
        applied: getSchemaPath(MemberChangeApplied),
        awaiting_second_admin: getSchemaPath(MemberChangeAwaiting),
      },
    },
  },
};

@ApiTags('admin')
@ApiExtraModels(MemberChangeApplied, MemberChangeAwaiting)
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
    summary:
      'Deactivate an account: its logins end and it cannot sign in (audited). An admin or ' +
      'finance operator, while the club has two admins, only once a second admin approves',
  })
  @ApiOkResponse(CHANGE_ANSWER)
  @ApiErrors('NOT_FOUND', 'LAST_ADMIN_FORBIDDEN', 'VALIDATION_ERROR')
  deactivateMember(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<MemberChangeResponse> {
    return this.members.setActive(user.id, params.id, false);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Roles(...Staff.people)
  @ApiOperation({
    summary:
      'Reactivate an account (audited). An admin or finance operator, while the club has two ' +
      'admins, only once a second admin approves',
  })
  @ApiOkResponse(CHANGE_ANSWER)
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  activateMember(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<MemberChangeResponse> {
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
  @ApiOperation({
    summary:
      "Change a member's role: member, admin, finance or support (audited). Granting or taking " +
      'away admin or finance waits for a second admin while the club has two',
  })
  @ApiOkResponse(CHANGE_ANSWER)
  @ApiErrors('NOT_FOUND', 'LAST_ADMIN_FORBIDDEN', 'VALIDATION_ERROR')
  setMemberRole(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: RoleBody,
  ): Promise<MemberChangeResponse> {
    return this.members.setRole(user.id, params.id, body.role);
  }
}
