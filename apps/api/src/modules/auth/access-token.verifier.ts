import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { KeyObject, createSecretKey } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../config/config';
import type { AccessVerifier, AuthUser } from '../../common/auth';
import { AccessClaims } from './auth.types';
import { AccessStateService } from './access-state.service';
import { SessionRevocationService } from './session-revocation.service';

type VerifiedClaims = AccessClaims & { exp: number };

/**
 * Turns a bearer access token into the signed-in member (the JWT guard in
 * common/auth.ts asks). A signed, unexpired token still fails when its login
 * was revoked or its member deactivated; the role is the one the member has
 * now, not the token's (a demoted operator is a member on the next request).
 *
 * Tokens already verified are remembered (ACCESS_TOKEN_CACHE_SIZE, oldest
 * dropped first): a token's signature never changes its verdict, so only its
 * expiry, the revocations and the member's state are checked again, all in
 * memory. Verifying the signature and parsing the token was a tenth of
 * /users/me's cost. Refused tokens are never remembered.
 */
@Injectable()
export class AccessTokenVerifier implements AccessVerifier {
  private readonly verified = new Map<string, VerifiedClaims>();
  private readonly cacheSize: number;
  /** A ready KeyObject: given a string, jsonwebtoken tries to parse it as a public key first, every time. */
  private readonly key: KeyObject;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly jwt: JwtService,
    private readonly revocation: SessionRevocationService,
    private readonly access: AccessStateService,
  ) {
    this.cacheSize = config.ACCESS_TOKEN_CACHE_SIZE;
    this.key = createSecretKey(Buffer.from(config.JWT_SECRET));
  }

  verify(token: string): AuthUser | null {
    const claims = this.claimsOf(token);
    return claims ? this.current(claims.sub, claims.sid) : null;
  }

  current(userId: number, sessionId: string): AuthUser | null {
    if (this.revocation.isRevoked(sessionId) || this.access.isBlocked(userId)) return null;
    return { id: userId, sessionId, role: this.access.roleOf(userId) };
  }

  private claimsOf(token: string): VerifiedClaims | null {
    // jsonwebtoken's rule: a token is expired from the second its `exp` names.
    const nowSeconds = Math.floor(Date.now() / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (nowSeconds < known.exp) return known;
      this.verified.delete(token);
      return null;
    }
    let claims: Partial<VerifiedClaims>;
    try {
      claims = this.jwt.verify(token, {
        secret: this.key as unknown as string,
        algorithms: ['HS256'],
      });
    } catch {
      return null;
    }
    if (
      typeof claims.sub !== 'number' ||
      typeof claims.sid !== 'string' ||
      typeof claims.exp !== 'number'
    ) {
      return null;
    }
    this.remember(token, claims as VerifiedClaims);
    return claims as VerifiedClaims;
  }

  private remember(token: string, claims: VerifiedClaims) {
    if (this.cacheSize === 0) return;
    if (this.verified.size >= this.cacheSize) {
      // A Map iterates in insertion order: the first key is the oldest.
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, claims);
  }
}
