import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors } from '../../common/api-errors.decorator';
import { clientOf } from '../../common/client';
import { DirectRoute } from '../../common/direct-route';
import { OK, OkResponse } from '../../common/ok.dto';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { NicknameBody, RegisterBody, RegisterResponse, UserMe } from './users.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('users')
export class UsersController {
  /** The transaction password's route is the recovery module's (it tells the member after a reset). */
  constructor(private readonly users: UsersService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Register a member' })
  @ApiOkResponse({ type: RegisterResponse })
  @ApiErrors(
    'EMAIL_ALREADY_REGISTERED',
    'INVALID_INVITE_CODE',
    'INVITE_CODE_NOT_ELIGIBLE',
    'TOO_MANY_REQUESTS',
    'SERVICE_UNAVAILABLE',
    'VALIDATION_ERROR',
  )
  register(@Body() body: RegisterBody, @Req() request: FastifyRequest): Promise<RegisterResponse> {
    return this.users.register(body.email, body.password, body.invite_code, clientOf(request));
  }

  @Get('me')
  @Auth()
  @DirectRoute()
  @ApiOperation({ summary: 'The signed-in member' })
  @ApiOkResponse({ type: UserMe })
  getMe(@CurrentUser() user: AuthUser): Promise<UserMe> {
    return this.users.me(user.id);
  }

  @Post('nickname')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Change the nickname' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('NICKNAME_RESERVED', 'VALIDATION_ERROR')
  async changeNickname(
    @CurrentUser() user: AuthUser,
    @Body() body: NicknameBody,
  ): Promise<OkResponse> {
    await this.users.setNickname(user.id, body.nickname);
    return OK;
  }
}
