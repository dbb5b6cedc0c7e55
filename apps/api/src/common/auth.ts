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
import { ApiBearerAuth, ApiOAuth2 } from '@nestjs/swagger';
import { AppError } from './app-error';
import { ApiErrors } from './api-errors.decorator';

export type Role = 'member' | 'admin';

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

const ROLES = 'roles';

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!roles) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user || !roles.includes(user.role)) throw new AppError('FORBIDDEN');
    return true;
  }
}

/** A member must be signed in; `roles` narrows it (operators: `Auth('admin')`). */
export function Auth(...roles: Role[]) {
  const decorators = [
    UseGuards(JwtAuthGuard, RolesGuard),
    ApiBearerAuth('bearer'),
    ApiOAuth2([], 'oauth2'),
    ApiErrors('UNAUTHORIZED'),
  ];
  if (roles.length) decorators.push(SetMetadata(ROLES, roles), ApiErrors('FORBIDDEN'));
  return applyDecorators(...decorators);
}

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
