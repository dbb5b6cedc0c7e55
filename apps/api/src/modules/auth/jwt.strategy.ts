import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AccessClaims, AuthUser } from './auth.types';
import { SessionRevocationService } from './session-revocation.service';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly revocation: SessionRevocationService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.JWT_SECRET,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  /** A signed, unexpired token still fails when its login was revoked. */
  async validate(claims: AccessClaims): Promise<AuthUser | false> {
    if (typeof claims.sub !== 'number' || typeof claims.sid !== 'string') return false;
    if (await this.revocation.isRevoked(claims.sid)) return false;
    return { id: claims.sub, sessionId: claims.sid, role: claims.role };
  }
}
