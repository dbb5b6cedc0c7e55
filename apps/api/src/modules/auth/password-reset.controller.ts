import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { ContentLanguage, type Language } from '../../common/language';
import { OK, OkResponse } from '../../common/ok.dto';
import { ForgotBody, ResetBody, ResetCodeMailedResponse, ResetCodeResponse } from './auth.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller()
export class PasswordResetController {
  constructor(private readonly reset: PasswordResetService) {}

  @Post('password/forgot')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mail a password-reset code to the mailbox bound to this phone',
    description:
      'Always answers {ok: true}: whether the phone is registered or has a mailbox is not told. The mail is written in the language of `Accept-Language` (ru, en or uz; else ru).',
  })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('TOO_MANY_ATTEMPTS', 'VALIDATION_ERROR')
  async forgotPassword(
    @Body() body: ForgotBody,
    @Req() request: FastifyRequest,
    @ContentLanguage() lang: Language,
  ) {
    await this.reset.forgot(body.email, request.ip, lang);
    return OK;
  }

  @Post('password/reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set a new password with the code; every login ends' })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('INVALID_CODE', 'TOO_MANY_ATTEMPTS', 'SERVICE_UNAVAILABLE', 'VALIDATION_ERROR')
  async resetPassword(
    @Body() body: ResetBody,
    @Req() request: FastifyRequest,
  ): Promise<OkResponse> {
    await this.reset.reset(body.email, body.code, body.password, request.ip);
    return OK;
  }

  @Post('admin/users/:id/reset_code')
  @HttpCode(200)
  @Auth(...Staff.people)
  @Reach('account')
  @ApiTags('admin')
  @ApiOperation({
    summary: 'Issue a one-time password-reset code for a member (audited)',
    description:
      'A member with a bound mailbox gets the code there, in the language they bound it in, and the answer ' +
      'is `{sent_to, expires_at}` with the mailbox masked: the operator never sees that code. For a member ' +
      'without a mailbox the answer is `{code, expires_at}`, to hand over after checking who they are. ' +
      'The reset the code makes is told to the member and holds withdrawals for RECOVERY_HOLD_HOURS. ' +
      'An admin or finance operator gets a code only in their own mailbox (409 OPERATOR_MAILBOX_REQUIRED without one).',
  })
  @ApiExtraModels(ResetCodeResponse, ResetCodeMailedResponse)
  @ApiOkResponse({
    schema: {
      oneOf: [
        { $ref: getSchemaPath(ResetCodeResponse) },
        { $ref: getSchemaPath(ResetCodeMailedResponse) },
      ],
    },
  })
  @ApiErrors('NOT_FOUND', 'MAIL_NOT_CONFIGURED', 'OPERATOR_MAILBOX_REQUIRED', 'VALIDATION_ERROR')
  issueResetCode(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<ResetCodeResponse | ResetCodeMailedResponse> {
    return this.reset.issueByOperator(user.id, params.id);
  }
}
