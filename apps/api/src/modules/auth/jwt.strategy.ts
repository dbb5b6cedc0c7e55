import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey } from 'node:crypto';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, AppConfig } from '../../config/config';
import type { AuthUser } from '../../common/auth';
import { AccessClaims } from './auth.types';
import { AccessStateService } from './access-state.service';
import { SessionRevocationService } from './session-revocation.service';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly revocation: SessionRevocationService,
    private readonly access: AccessStateService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A ready KeyObject: given a string, jsonwebtoken first tries to parse it
      // as a public key on every request, which cost half the CPU of /users/me.
      secretOrKey: createSecretKey(Buffer.from(config.JWT_SECRET)) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /**
   * A signed, unexpired token still fails when its login was revoked or its
   * member deactivated; the role is the one the member has now, not the
   * token's (a demoted operator is a member on the next request).
   */
  validate(claims: AccessClaims): AuthUser | false {
    if (typeof claims.sub !== 'number' || typeof claims.sid !== 'string') return false;
    if (this.revocation.isRevoked(claims.sid) || this.access.isBlocked(claims.sub)) return false;
    return { id: claims.sub, sessionId: claims.sid, role: this.access.roleOf(claims.sub) };
  }
}
