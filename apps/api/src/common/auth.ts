/**
 * Who may call a route. The passport 'jwt' strategy that fills `request.user`
 * lives in the auth module; controllers of every module only need these.
 */
import {
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  applyDecorators,
  createParamDecorator,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiBearerAuth, ApiExtension, ApiOAuth2 } from '@nestjs/swagger';
import { AppError } from './app-error';
import { ApiErrors } from './api-errors.decorator';

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

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw new AppError('UNAUTHORIZED');
    return user;
  }
}

const ROLES_KEY = 'roles';

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !roles.includes(user.role)) throw new AppError('FORBIDDEN');
    return true;
  }
}

/**
 * Narrows a route to these roles (the method's list wins over its
 * controller's); OpenAPI shows them as `x-roles`.
 */
export function Roles(...roles: readonly Role[]) {
  return applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    ApiExtension('x-roles', [...roles]),
    ApiErrors('FORBIDDEN'),
  );
}

/** A member must be signed in; `roles` narrows it (operators: `Auth(...Staff.money)`). */
export function Auth(...roles: readonly Role[]) {
  const decorators = [
    UseGuards(JwtAuthGuard, RolesGuard),
    ApiBearerAuth('bearer'),
    ApiOAuth2([], 'oauth2'),
    ApiErrors('UNAUTHORIZED'),
  ];
  if (roles.length) decorators.push(Roles(...roles));
  return applyDecorators(...decorators);
}

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
