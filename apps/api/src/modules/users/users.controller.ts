import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { OK, OkResponse } from '../../common/ok.dto';
import { Auth, CurrentUser } from '../auth/guards';
import type { AuthUser } from '../auth/auth.types';
import {
  ChangePasswordBody,
  ChangePhoneBody,
  NicknameBody,
  RegisterBody,
  RegisterResponse,
  UserMe,
} from './users.dto';
import { UsersService } from './users.service';
import { TodayResponse } from '../trailers/trailers.dto';
import { WatchService } from '../trailers/watch.service';

const PHONE_TAKEN = {
  status: 400,
  code: 'EMAIL_ALREADY_REGISTERED',
  detail: 'Email already registered',
  description: 'The phone is taken',
};

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly watches: WatchService,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Register a member' })
  @ApiOkResponse({ type: RegisterResponse })
  @ApiErrors(
    PHONE_TAKEN,
    {
      status: 400,
      code: 'INVALID_INVITE_CODE',
      detail: 'Invalid invite code',
      description: 'No member has this invite code',
    },
    422,
  )
  register(@Body() body: RegisterBody): Promise<RegisterResponse> {
    return this.users.register(body.email, body.password, body.invite_code);
  }

  @Get('me')
  @Auth()
  @ApiOperation({ summary: 'The signed-in member' })
  @ApiOkResponse({ type: UserMe })
  getMe(@CurrentUser() user: AuthUser): Promise<UserMe> {
    return this.users.me(user.id);
  }

  @Get('me/today')
  @Auth()
  @ApiOperation({ summary: "Today's trailer earnings and count (UTC day)" })
  @ApiOkResponse({ type: TodayResponse })
  getToday(@CurrentUser() user: AuthUser): Promise<TodayResponse> {
    return this.watches.today(user.id);
  }

  @Post('nickname')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Change the nickname' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors(422)
  async changeNickname(
    @CurrentUser() user: AuthUser,
    @Body() body: NicknameBody,
  ): Promise<OkResponse> {
    await this.users.setNickname(user.id, body.nickname);
    return OK;
  }

  @Post('login')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Change the phone number (signs out every login)' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors(PHONE_TAKEN, 422)
  async changePhone(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePhoneBody,
  ): Promise<OkResponse> {
    await this.users.changePhone(user.id, body.login);
    return OK;
  }

  @Post('password')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'Change the password (signs out the other logins)' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors(
    {
      status: 400,
      code: 'INCORRECT_PASSWORD',
      detail: 'Incorrect password',
      description: 'The old password is wrong',
    },
    422,
  )
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordBody,
  ): Promise<OkResponse> {
    await this.users.changePassword(user.id, user.sessionId, body.old_password, body.new_password);
    return OK;
  }
}
