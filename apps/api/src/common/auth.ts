/**
 * Who may call a route. The verifier that turns a token into `request.user`
 * lives in the auth module; controllers of every module only need these.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  Optional,
  SetMetadata,
  applyDecorators,
  createParamDecorator,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiBearerAuth, ApiExtension, ApiOAuth2 } from '@nestjs/swagger';
import { AppError } from './app-error';
import { ApiErrors } from './api-errors.decorator';
import { ReachGuard } from './reach';

export const ROLES = ['member', 'admin', 'finance', 'support'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who works in which part of the operator area. admin: everything; finance:
 * money (withdrawals, deposits, adjustments, reports); support: members
 * (read, deactivate, reset codes, verification), messages, moderation.
 */
export const Staff = {
  any: ['admin', 'finance', 'support'],
  money: ['admin', 'finance'],
  people: ['admin', 'support'],
  admin: ['admin'],
} as const satisfies Record<string, Role[]>;

export const isStaff = (role: Role) => role !== 'member';

/** The signed-in member as guards hand it to controllers. */
export interface AuthUser {
  id: number;
  sessionId: string;
  role: Role;
}

/** How a bearer token becomes the signed-in member; the auth module provides it. */
export const ACCESS_VERIFIER = Symbol('ACCESS_VERIFIER');
export interface AccessVerifier {
  /** The member the token stands for now, or null (bad, expired, revoked, deactivated). */
  verify(token: string): AuthUser | null;
  /**
   * The member of a login verified before (a stream ticket's), as they stand
   * now: null when the login was revoked or the account deactivated.
   */
  current(userId: number, sessionId: string): AuthUser | null;
}

export const ROLES_KEY = 'roles';

/** `Authorization: Bearer <token>`, the scheme in any case. */
const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * The member an `Authorization` header stands for, if one of `roles` (any
 * role when none are given); else UNAUTHORIZED or FORBIDDEN. The guard's
 * rule, and that of the direct routes (direct-route.ts).
 */
export function authenticate(
  verifier: AccessVerifier | null,
  authorization: string | undefined,
  roles: readonly Role[] | undefined,
): AuthUser {
  const token = BEARER.exec(authorization ?? '')?.[1];
  const user = token ? (verifier?.verify(token) ?? null) : null;
  if (!user) throw new AppError('UNAUTHORIZED');
  if (roles && !roles.includes(user.role)) throw new AppError('FORBIDDEN');
  return user;
}

/**
 * The one guard of signed-in routes: the bearer token's member, then the
 * route's roles. It runs on nearly every request, so it reads the route's
 * roles once per handler and asks nothing over the network.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  private readonly rolesByHandler = new Map<object, readonly Role[] | undefined>();

  constructor(
    // Optional: the worker loads modules with controllers but no auth module,
    // and serves no request. In the API a missing verifier refuses everyone.
    @Optional() @Inject(ACCESS_VERIFIER) private readonly verifier: AccessVerifier | null,
    private readonly reflector: Reflector,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context
      .switchToHttp()
      .getRequest<{ headers: IncomingHttpHeaders; user?: AuthUser }>();
    request.user = authenticate(
      this.verifier,
      request.headers.authorization,
      this.rolesOf(context),
    );
    return true;
  }

  /** The method's list wins over its controller's. */
  private rolesOf(context: ExecutionContext): readonly Role[] | undefined {
    const handler = context.getHandler();
    if (!this.rolesByHandler.has(handler)) {
      this.rolesByHandler.set(
        handler,
        this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
          handler,
          context.getClass(),
        ]),
      );
    }
    return this.rolesByHandler.get(handler);
  }
}

/**
 * Narrows a route to these roles (the method's list wins over its
 * controller's); OpenAPI shows them as `x-roles`. An operator route also
 * passes the reach guard (common/reach.ts), after the sign-in guard.
 */
export function Roles(...roles: readonly Role[]) {
  const decorators = [
    SetMetadata(ROLES_KEY, roles),
    ApiExtension('x-roles', [...roles]),
    ApiErrors('FORBIDDEN'),
  ];
  if (roles.some(isStaff)) decorators.push(UseGuards(ReachGuard));
  return applyDecorators(...decorators);
}

/** A member must be signed in; `roles` narrows it (operators: `Auth(...Staff.money)`). */
export function Auth(...roles: readonly Role[]) {
  const decorators = [
    UseGuards(JwtAuthGuard),
    ApiBearerAuth('bearer'),
    ApiOAuth2([], 'oauth2'),
    ApiErrors('UNAUTHORIZED'),
  ];
  if (roles.length) decorators.push(Roles(...roles));
  return applyDecorators(...decorators);
}

/** What `@CurrentUser()` hands a handler (direct routes recognise it by this function). */
export const currentUserOf = (_: unknown, context: ExecutionContext): AuthUser =>
  context.switchToHttp().getRequest<{ user: AuthUser }>().user;

export const CurrentUser = createParamDecorator(currentUserOf);
