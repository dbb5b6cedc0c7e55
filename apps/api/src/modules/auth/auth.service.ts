import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { isValidPhone, normalizePhone } from '@app/domain';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AppError } from '../../common/app-error';
import { User } from '../users/user.entity';
import { AccessClaims } from './auth.types';
import { AuthSession, RefreshToken } from './auth-session.entity';
import { LoginThrottleService } from './login-throttle.service';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { SessionRevocationService } from './session-revocation.service';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
}

const BAD_CREDENTIALS = () =>
  new AppError(HttpStatus.UNAUTHORIZED, 'BAD_CREDENTIALS', 'Incorrect email or password', {
    'WWW-Authenticate': 'Bearer',
  });
const BAD_REFRESH = () =>
  AppError.unauthorized('Invalid or expired refresh token', 'INVALID_REFRESH_TOKEN');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly throttle: LoginThrottleService,
    private readonly revocation: SessionRevocationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** OAuth2 password flow: the username is the member's phone. */
  async login(username: string, password: string, ip: string): Promise<TokenPair> {
    const phone = isValidPhone(username) ? normalizePhone(username) : username.trim().slice(0, 64);
    await this.throttle.begin(phone, ip);
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.phone = :phone', { phone })
      .getOne();
    if (!user) {
      await burnPasswordCheck(password);
      throw BAD_CREDENTIALS();
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw BAD_CREDENTIALS();
    await this.throttle.succeeded(phone, ip);
    if (!user.isActive)
      throw new AppError(HttpStatus.FORBIDDEN, 'ACCOUNT_DISABLED', 'This account is deactivated');

    const sessionId = randomUUID();
    return this.dataSource.transaction(async (manager) => {
      await manager.insert(AuthSession, { id: sessionId, userId: user.id });
      return this.issue(manager, user, sessionId);
    });
  }

  /**
   * Rotates a refresh token. A token that was already used means it leaked (or
   * a client raced itself): the whole login is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const tokenHash = sha256(refreshToken);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const token = await manager
        .getRepository(RefreshToken)
        .createQueryBuilder('t')
        .setLock('pessimistic_write')
        .where('t.tokenHash = :tokenHash', { tokenHash })
        .getOne();
      if (!token) return { error: BAD_REFRESH() };
      const session = await manager.findOneByOrFail(AuthSession, { id: token.sessionId });
      if (session.revokedAt) return { error: BAD_REFRESH() };
      if (token.usedAt) return { error: BAD_REFRESH(), revokeSessionId: session.id };
      if (token.expiresAt.getTime() <= Date.now()) return { error: BAD_REFRESH() };
      const user = await manager.findOneByOrFail(User, { id: session.userId });
      if (!user.isActive) return { error: BAD_REFRESH(), revokeSessionId: session.id };
      await manager.update(RefreshToken, { tokenHash }, { usedAt: new Date() });
      return { pair: await this.issue(manager, user, session.id) };
    });
    if (outcome.revokeSessionId)
      await this.revocation.revokeSession(outcome.revokeSessionId, 'refresh_reuse');
    if (outcome.error) throw outcome.error;
    return outcome.pair!;
  }

  async logout(sessionId: string): Promise<void> {
    await this.revocation.revokeSession(sessionId, 'logout');
  }

  private async issue(
    manager: DataSource['manager'],
    user: User,
    sessionId: string,
  ): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await manager.insert(RefreshToken, {
      tokenHash: sha256(refreshToken),
      sessionId,
      expiresAt: new Date(Date.now() + this.config.REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    const claims: AccessClaims = { sub: user.id, sid: sessionId, role: user.role };
    const accessToken = await this.jwt.signAsync(claims, {
      expiresIn: this.config.ACCESS_TOKEN_TTL_SECONDS,
    });
    return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer' };
  }
}
