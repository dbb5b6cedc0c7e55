import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { ContentLanguage, type Language } from '../../common/language';
import { OK, OkResponse } from '../../common/ok.dto';
import { BindMailBody, MailCodeBody, MailStatus } from './auth.dto';
import { MailboxService } from './mailbox.service';

@ApiTags('users')
@Controller('users/mail')
@Auth()
export class MailboxController {
  constructor(private readonly mailbox: MailboxService) {}

  @Get()
  @ApiOperation({ summary: 'The bound mailbox, and whether this server can send mail' })
  @ApiOkResponse({ type: MailStatus })
  getMailStatus(@CurrentUser() user: AuthUser): Promise<MailStatus> {
    return this.mailbox.status(user.id);
  }

  @Post('code')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Mail a 6-digit code to a mailbox (valid 10 minutes, 5 tries)',
    description:
      'Changing a mailbox already bound needs the login password too. The mail is written in the language of `Accept-Language` (ru, en or uz; else ru).',
  })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors(
    'INCORRECT_PASSWORD',
    'TOO_MANY_ATTEMPTS',
    'MAIL_NOT_CONFIGURED',
    'SERVICE_UNAVAILABLE',
    'VALIDATION_ERROR',
  )
  async sendMailCode(
    @CurrentUser() user: AuthUser,
    @Body() body: MailCodeBody,
    @ContentLanguage() lang: Language,
  ): Promise<OkResponse> {
    await this.mailbox.sendCode(user.id, body.mail, body.password, lang);
    return OK;
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Bind the mailbox with the code mailed to it',
    description:
      'The language of `Accept-Language` (ru, en or uz; else ru) is kept: notices about the account and ' +
      'reset codes an operator issues are mailed in it.',
  })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('INVALID_CODE', 'TOO_MANY_ATTEMPTS', 'VALIDATION_ERROR')
  async bindMail(
    @CurrentUser() user: AuthUser,
    @Body() body: BindMailBody,
    @ContentLanguage() lang: Language,
  ): Promise<OkResponse> {
    await this.mailbox.bind(user.id, body.mail, body.code, lang);
    return OK;
  }
}
