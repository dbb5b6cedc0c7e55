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
import { AppError } from '../../common/app-error';
import { ApiErrors } from '../../common/api-errors.decorator';
import type { Role } from '../users/user.entity';
import type { AuthUser } from './auth.types';

@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(error: unknown, user: T): T {
    if (error || !user) throw AppError.unauthorized();
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
    if (!user || !roles.includes(user.role)) throw AppError.forbidden();
    return true;
  }
}

/** A member must be signed in; `roles` narrows it (operators: `Auth('admin')`). */
export function Auth(...roles: Role[]) {
  const decorators = [
    UseGuards(JwtAuthGuard, RolesGuard),
    ApiBearerAuth('bearer'),
    ApiOAuth2([], 'oauth2'),
    ApiErrors(401),
  ];
  if (roles.length) decorators.push(SetMetadata(ROLES, roles), ApiErrors(403));
  return applyDecorators(...decorators);
}

export const CurrentUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthUser =>
    context.switchToHttp().getRequest<{ user: AuthUser }>().user,
);
