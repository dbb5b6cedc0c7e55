import type { Role } from '../../common/auth';

/** What an access token says about its bearer. */
export interface AccessClaims {
  sub: number;
  sid: string;
  role: Role;
}
