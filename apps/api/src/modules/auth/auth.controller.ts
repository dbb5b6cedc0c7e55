import { Body, Controller, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors } from '../../common/api-errors.decorator';
import { OK, OkResponse } from '../../common/ok.dto';
import { AuthService } from './auth.service';
import { RefreshQuery, TokenForm, TokenResponse } from './auth.dto';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';

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
    return this.auth.login(form.username, form.password, request.ip);
  }

  @Post('refresh_token')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Exchange a refresh token for a new pair (rotation; reuse revokes the login)',
  })
  @ApiOkResponse({ type: TokenResponse })
  @ApiErrors('INVALID_REFRESH_TOKEN', 'VALIDATION_ERROR')
  refreshToken(@Query() query: RefreshQuery): Promise<TokenResponse> {
    return this.auth.refresh(query.refresh_token);
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
