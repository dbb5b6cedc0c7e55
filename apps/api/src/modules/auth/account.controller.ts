import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { OK, OkResponse } from '../../common/ok.dto';
import { ChangePasswordBody, ChangePhoneBody } from './auth.dto';
import { AuthService } from './auth.service';

/** The credentials of the signed-in member: changing them ends other logins. */
@ApiTags('users')
@Controller('users')
@Auth()
export class AccountController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Change the phone number (needs the current password; signs out every login)',
  })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors(
    'INCORRECT_PASSWORD',
    'EMAIL_ALREADY_REGISTERED',
    'TOO_MANY_ATTEMPTS',
    'SERVICE_UNAVAILABLE',
    'VALIDATION_ERROR',
  )
  async changePhone(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePhoneBody,
  ): Promise<OkResponse> {
    await this.auth.changePhone(user.id, body.login, body.password);
    return OK;
  }

  @Post('password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the password (signs out the other logins)' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('INCORRECT_PASSWORD', 'TOO_MANY_ATTEMPTS', 'SERVICE_UNAVAILABLE', 'VALIDATION_ERROR')
  async changePassword(
    @CurrentUser() user: AuthUser,
    @Body() body: ChangePasswordBody,
  ): Promise<OkResponse> {
    await this.auth.changePassword(user.id, user.sessionId, body.old_password, body.new_password);
    return OK;
  }
}
