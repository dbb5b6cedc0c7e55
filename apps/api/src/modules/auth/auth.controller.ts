import { Body, Controller, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors } from '../../common/api-errors.decorator';
import { clientOf } from '../../common/client';
import { ValidationFailed } from '../../common/app-error';
import { OK, OkResponse } from '../../common/ok.dto';
import { AppValidationPipe } from '../../common/validation.pipe';
import { AuthService } from './auth.service';
import { RefreshBody, RefreshQuery, TokenForm, TokenResponse } from './auth.dto';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';

const BODY = new AppValidationPipe();

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in (OAuth2 password flow, form-encoded)' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: TokenForm })
  @ApiOkResponse({ type: TokenResponse })
  @ApiErrors(
    'BAD_CREDENTIALS',
    'ACCOUNT_DISABLED',
    'TOO_MANY_ATTEMPTS',
    'SERVICE_UNAVAILABLE',
    'VALIDATION_ERROR',
  )
  login(@Body() form: TokenForm, @Req() request: FastifyRequest): Promise<TokenResponse> {
    return this.auth.login(form.username, form.password, clientOf(request));
  }

  @Post('refresh_token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange a refresh token for a new pair (rotation; reuse revokes the login)',
    description:
      'The token goes in the body (`{refresh_token}`, JSON or form-encoded); the query parameter is kept for older clients.',
  })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ type: RefreshBody, required: false })
  @ApiOkResponse({ type: TokenResponse })
  @ApiErrors('INVALID_REFRESH_TOKEN', 'VALIDATION_ERROR')
  async refreshToken(
    @Req() request: FastifyRequest,
    @Query() query: RefreshQuery,
    // Read as it comes (older clients send no body at all), then validated here.
    @Body() raw?: Record<string, unknown>,
  ): Promise<TokenResponse> {
    const body = (await BODY.transform(raw ?? {}, {
      type: 'body',
      metatype: RefreshBody,
    })) as RefreshBody;
    const token = body.refresh_token ?? query.refresh_token;
    if (token === undefined) {
      throw new ValidationFailed([
        {
          loc: ['body', 'refresh_token'],
          msg: 'refresh_token should not be empty',
          type: 'value_error.isNotEmpty',
        },
      ]);
    }
    return this.auth.refresh(token, clientOf(request));
  }

  @Post('logout')
  @HttpCode(200)
  @Auth()
  @ApiOperation({ summary: 'End this login: its refresh tokens and access tokens stop working' })
  @ApiOkResponse({ type: OkResponse })
  async logout(@CurrentUser() user: AuthUser): Promise<OkResponse> {
    await this.auth.logout(user.sessionId);
    return OK;
  }
}
