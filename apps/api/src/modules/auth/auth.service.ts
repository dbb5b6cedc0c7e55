import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { isValidPhone, normalizePhone } from '@app/domain';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AppError } from '../../common/app-error';
import type { Role } from '../../common/auth';
import type { ClientSeen } from '../../common/client';
import { PasswordHasher } from '../../common/passwords';
import { RecoveryService } from '../recovery/recovery.service';
import { RiskSignalsService } from '../risk/risk-signals.service';
import { UsersService } from '../users/users.service';
import { AccessClaims } from './auth.types';
import { AuthSessionsRepository } from './auth-sessions.repository';
import { LoginThrottleService } from './login-throttle.service';
import { SessionRevocationService } from './session-revocation.service';

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Sign-in, sessions and the credentials themselves (phone and password changes). */
@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly users: UsersService,
    private readonly sessions: AuthSessionsRepository,
    private readonly throttle: LoginThrottleService,
    private readonly revocation: SessionRevocationService,
    private readonly hasher: PasswordHasher,
    private readonly recovery: RecoveryService,
    private readonly signals: RiskSignalsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** OAuth2 password flow: the username is the member's phone. */
  async login(username: string, password: string, client: ClientSeen): Promise<TokenPair> {
    const { ip } = client;
    const phone = isValidPhone(username) ? normalizePhone(username) : username.trim().slice(0, 64);
    await this.throttle.begin(phone, ip);
    const user = await this.users.credentials({ phone });
    if (!user) {
      await this.hasher.burn(password);
      throw new AppError('BAD_CREDENTIALS');
    }
    if (!(await this.hasher.verify(user.passwordHash, password, 'interactive'))) {
      throw new AppError('BAD_CREDENTIALS');
    }
    await this.throttle.succeeded(phone, ip);
    if (!user.isActive) throw new AppError('ACCOUNT_DISABLED');
    await this.upgradeHash(user.id, user.passwordHash, password);

    const sessionId = randomUUID();
    return this.dataSource.transaction(async (manager) => {
      await this.sessions.createSession(manager, sessionId, user.id, ip);
      await this.signals.seen(user.id, client, manager);
      return this.issue(manager, user, sessionId);
    });
  }

  /**
   * A hash made at another cost (the library's 64 MiB before issue 41, or a
   * changed PASSWORD_HASH_MEMORY_KIB) is remade once, after a good sign-in,
   * the only moment the password is known. Sign-in does not wait for it.
   */
  private async upgradeHash(userId: number, hash: string, password: string): Promise<void> {
    if (!this.hasher.needsUpgrade(hash)) return;
    const upgrade = async () => {
      const remade = await this.hasher.hash(password, 'registration');
      await this.users.upgradePasswordHash(userId, hash, remade);
    };
    // Best effort: a busy hasher or a lost connection leaves the old hash, which still verifies.
    void upgrade().catch(() => undefined);
  }

  /**
   * Rotates a refresh token. A token that was already used means it leaked (or
   * a client raced itself): the whole login is revoked.
   */
  async refresh(refreshToken: string, client: ClientSeen): Promise<TokenPair> {
    const tokenHash = sha256(refreshToken);
    const outcome = await this.dataSource.transaction(async (manager) => {
      const token = await this.sessions.lockRefreshToken(manager, tokenHash);
      if (!token) return { error: true };
      const session = await this.sessions.findSession(manager, token.sessionId);
      if (!session || session.revokedAt) return { error: true };
      if (token.usedAt) return { error: true, revokeSessionId: session.id };
      if (token.expiresAt.getTime() <= Date.now()) return { error: true };
      const user = await this.users.account(session.userId, manager);
      if (!user?.isActive) return { error: true, revokeSessionId: session.id };
      await this.sessions.markUsed(manager, tokenHash);
      await this.signals.seen(user.id, client, manager);
      return { pair: await this.issue(manager, user, session.id) };
    });
    if (outcome.revokeSessionId)
      await this.revocation.revokeSession(outcome.revokeSessionId, 'refresh_reuse');
    if (outcome.error) throw new AppError('INVALID_REFRESH_TOKEN');
    return outcome.pair!;
  }

  async logout(sessionId: string): Promise<void> {
    await this.revocation.revokeSession(sessionId, 'logout');
  }

  /**
   * A new phone is a new login name: it takes the current password (a stolen
   * access token alone cannot take the account), and every session ends.
   */
  async changePhone(userId: number, phone: string, password: string): Promise<void> {
    await this.checkOwnPassword(userId, password);
    await this.users.setPhone(userId, phone);
    await this.revocation.revokeAllForUser(userId, 'phone_change');
  }

  /** Other logins end; the one that changed the password stays signed in. */
  async changePassword(
    userId: number,
    sessionId: string,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    await this.checkOwnPassword(userId, oldPassword);
    await this.users.setPasswordHash(userId, await this.hasher.hash(newPassword, 'interactive'));
    await this.revocation.revokeAllForUser(userId, 'password_change', sessionId);
  }

  /** The signed-in member's current password, throttled per member like sign-in. */
  async checkOwnPassword(userId: number, password: string): Promise<void> {
    await this.throttle.beginForMember(userId);
    const user = await this.users.credentials({ id: userId });
    if (!user || !(await this.hasher.verify(user.passwordHash, password, 'interactive'))) {
      throw new AppError('INCORRECT_PASSWORD');
    }
    await this.throttle.succeededForMember(userId);
  }

  /** A reset code proved the member: a new password, and every login ends. */
  async resetPassword(userId: number, password: string): Promise<void> {
    const hash = await this.hasher.hash(password, 'interactive');
    // The member is told, and the hold on withdrawals begins, with the new password or not at all.
    await this.dataSource.transaction(async (db) => {
      const at = await this.users.resetPassword(db, userId, hash);
      await this.recovery.passwordReset(db, userId, at);
    });
    await this.revocation.revokeAllForUser(userId, 'password_reset');
  }

  private async issue(
    manager: EntityManager,
    user: { id: number; role: Role },
    sessionId: string,
  ): Promise<TokenPair> {
    const refreshToken = randomBytes(32).toString('base64url');
    await this.sessions.addRefreshToken(manager, {
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
