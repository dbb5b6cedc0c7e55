import { JwtService } from '@nestjs/jwt';
import type { AppConfig } from '../../src/config/config';
import { AccessTokenVerifier } from '../../src/modules/auth/access-token.verifier';
import type { AccessStateService } from '../../src/modules/auth/access-state.service';
import type { SessionRevocationService } from '../../src/modules/auth/session-revocation.service';

/**
 * The verifier remembers tokens it has verified; these check, with a fake
 * clock and fake revocation and access state, that remembering never lets a
 * token through that verifying again would refuse. (The real API's refusals
 * of bad, forged, revoked and deactivated tokens are in auth.spec.ts and
 * access.spec.ts.)
 */
describe('access token verifier: remembered tokens', () => {
  const secret = 'verifier-test-secret-0123456789abcdefghij';
  const jwt = new JwtService({ secret, signOptions: { algorithm: 'HS256' } });
  const revoked = new Set<string>();
  const blocked = new Set<number>();
  const roles = new Map<number, 'member' | 'admin'>();
  const revocation = { isRevoked: (sid: string) => revoked.has(sid) };
  const access = {
    isBlocked: (id: number) => blocked.has(id),
    roleOf: (id: number) => roles.get(id) ?? 'member',
  };
  const verifier = (cacheSize: number) =>
    new AccessTokenVerifier(
      { JWT_SECRET: secret, ACCESS_TOKEN_CACHE_SIZE: cacheSize } as AppConfig,
      jwt,
      revocation as unknown as SessionRevocationService,
      access as unknown as AccessStateService,
    );
  const sign = (sub: number, sid: string, ttlSeconds = 60) =>
    jwt.sign({ sub, sid, role: 'member' }, { expiresIn: ttlSeconds });

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    revoked.clear();
    blocked.clear();
    roles.clear();
  });
  afterEach(() => jest.useRealTimers());

  for (const cacheSize of [0, 10]) {
    describe(`with ACCESS_TOKEN_CACHE_SIZE=${cacheSize}`, () => {
      it('refuses a token from the second its exp names, even after using it', () => {
        const v = verifier(cacheSize);
        const token = sign(7, 'session-a', 60);
        expect(v.verify(token)).toEqual({ id: 7, sessionId: 'session-a', role: 'member' });
        jest.advanceTimersByTime(59_000);
        expect(v.verify(token)).not.toBeNull();
        jest.advanceTimersByTime(1_000);
        expect(v.verify(token)).toBeNull();
      });

      it('refuses a used token once its login is revoked or its member deactivated', () => {
        const v = verifier(cacheSize);
        const first = sign(8, 'session-b');
        const second = sign(9, 'session-c');
        expect(v.verify(first)).not.toBeNull();
        expect(v.verify(second)).not.toBeNull();
        revoked.add('session-b');
        blocked.add(9);
        expect(v.verify(first)).toBeNull();
        expect(v.verify(second)).toBeNull();
      });

      it('gives the role the member has now, not the one it had when first used', () => {
        const v = verifier(cacheSize);
        const token = sign(10, 'session-d');
        roles.set(10, 'admin');
        expect(v.verify(token)?.role).toBe('admin');
        roles.delete(10);
        expect(v.verify(token)?.role).toBe('member');
      });

      it('refuses a token signed with another secret or altered, whatever was verified before', () => {
        const v = verifier(cacheSize);
        const genuine = sign(11, 'session-e');
        expect(v.verify(genuine)).not.toBeNull();
        const [header, payload, signature] = genuine.split('.');
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
        const raised = Buffer.from(JSON.stringify({ ...claims, sub: 12 })).toString('base64url');
        const foreign = new JwtService({ secret: `${secret}-other` }).sign({
          sub: 11,
          sid: 'session-e',
          role: 'member',
        });
        expect(v.verify(`${header}.${raised}.${signature}`)).toBeNull();
        expect(v.verify(foreign)).toBeNull();
        expect(v.verify(`${genuine}x`)).toBeNull();
      });
    });
  }

  it('keeps at most ACCESS_TOKEN_CACHE_SIZE tokens, and still verifies the ones it dropped', () => {
    const v = verifier(2);
    const tokens = [sign(1, 's1'), sign(2, 's2'), sign(3, 's3')];
    for (const token of tokens) expect(v.verify(token)).not.toBeNull();
    const remembered = (v as unknown as { verified: Map<string, unknown> }).verified;
    expect([...remembered.keys()]).toEqual([tokens[1], tokens[2]]);
    expect(v.verify(tokens[0])?.id).toBe(1);
  });
});
