import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  Optional,
  Param,
  Post,
  Query,
  Req,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors } from '../../common/api-errors.decorator';
import {
  ACCESS_VERIFIER,
  type AccessVerifier,
  Auth,
  CurrentUser,
  Staff,
  authenticate,
} from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { ContentLanguage, type Language } from '../../common/language';
import { Reach } from '../../common/reach';
import { PublicRoute } from '../../infra/redis/public-rate-limit';
import {
  SupportRequestBody,
  SupportRequestCreated,
  SupportRequestItem,
  SupportRequestsQuery,
} from './support-requests.dto';
import { SupportRequestsService } from './support-requests.service';

@ApiTags('support')
@Controller('support/requests')
export class SupportRequestsController {
  constructor(
    private readonly support: SupportRequestsService,
    // Optional: the worker builds this module without the auth module.
    @Optional() @Inject(ACCESS_VERIFIER) private readonly verifier: AccessVerifier | null,
  ) {}

  @Post()
  @HttpCode(200)
  @PublicRoute()
  @ApiOperation({
    summary: 'Write to a person at the club, signed in or not (it waits in the console)',
    description:
      'The way to support when no support link is set, and for a member locked out without a bound ' +
      'mailbox (topic `password`: an operator calls the phone back and gives a reset code). ' +
      'With a valid bearer token the request names the member who sent it. At most ' +
      'SUPPORT_REQUESTS_PER_HOUR per phone and per client address.',
  })
  @ApiOkResponse({ type: SupportRequestCreated })
  @ApiErrors('TOO_MANY_ATTEMPTS', 'VALIDATION_ERROR')
  sendSupportRequest(
    @Body() body: SupportRequestBody,
    @Req() request: FastifyRequest,
    @ContentLanguage() lang: Language,
    @Headers('authorization') authorization?: string,
  ): Promise<SupportRequestCreated> {
    return this.support.send(body, this.sender(authorization), request.ip, lang);
  }

  /** The signed-in member, if the form was sent with a valid token; signed out otherwise. */
  private sender(authorization: string | undefined): number | null {
    if (!authorization) return null;
    try {
      return authenticate(this.verifier, authorization, undefined).id;
    } catch {
      return null;
    }
  }
}

@ApiTags('admin')
@Controller('admin/support_requests')
@Auth(...Staff.people)
@Reach('none')
export class AdminSupportRequestsController {
  constructor(private readonly support: SupportRequestsService) {}

  @Get()
  @ApiOperation({ summary: 'Requests members wrote to support, newest first' })
  @ApiOkResponse({ type: [SupportRequestItem] })
  @ApiErrors('VALIDATION_ERROR')
  listSupportRequests(@Query() query: SupportRequestsQuery): Promise<SupportRequestItem[]> {
    return this.support.list(query);
  }

  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a request done (answered, or nothing to do); audited' })
  @ApiOkResponse({ type: SupportRequestItem })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  closeSupportRequest(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<SupportRequestItem> {
    return this.support.close(user.id, params.id);
  }
}
