import type { Role } from '../users/user.entity';

/** What an access token says about its bearer. */
export interface AccessClaims {
  sub: number;
  sid: string;
  role: Role;
}

/** The signed-in member as guards hand it to controllers. */
export interface AuthUser {
  id: number;
  sessionId: string;
  role: Role;
}
