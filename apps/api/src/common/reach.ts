/**
 * Operators' reach (issue 25): the one place every operator route passes
 * through. Each route declares what its `:id` names (`@Reach(kind)`; or a
 * field of its body, `@Reach(kind, { body: 'user_id' })`); the
 * reach guard finds the member behind it (an account, or the member of a
 * withdrawal, card deposit, verification, adjustment, the proposer of an
 * economy change, or the account a staff request is for) and asks `reachRefusal` of libs/domain before the handler
 * runs. The owners of those records register how to find that member
 * (`ReachRegistry.register`), so this file imports no module. The app
 * refuses to start when an operator route declares no reach, and the reach
 * matrix test (test/cross-cutting/reach-matrix.spec.ts) calls every one of them.
 */
import {
  CanActivate,
  ExecutionContext,
  Global,
  Injectable,
  Module,
  OnApplicationBootstrap,
  SetMetadata,
  type Type,
  applyDecorators,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';
import { type AccountRole, reachRefusal } from '@app/domain';
import { ApiErrors } from './api-errors.decorator';
import { routePathOf } from './framework/nest-internals';
import { AppError } from './app-error';
import type { ErrorCode } from './error-codes';

/** What an operator route's `:id` names; `none`: the route acts on no one in particular. */
export const REACH_KINDS = [
  'none',
  'account',
  'withdrawal',
  'card_deposit',
  'verification',
  'adjustment',
  'economy_change',
  'staff_request',
] as const;
export type ReachKind = (typeof REACH_KINDS)[number];

export const REACH_KEY = 'reach';
/** The largest id a path may name (IdParam's bound, PostgreSQL's integer). */
const MAX_ID = 2_147_483_647;
/** Roles' metadata key (common/auth.ts sets it; auth.ts imports this file, so not the other way round). */
const ROLES_METADATA = 'roles';

export interface ReachDeclaration {
  kind: ReachKind;
  /** The code for acting on oneself (default: by kind, see selfCode). */
  self?: ErrorCode;
  /** The body's field that names the target, when the path does not (absent: no one in particular). */
  body?: string;
}

const selfCode = (declaration: ReachDeclaration): ErrorCode =>
  declaration.self ??
  (declaration.kind === 'account'
    ? 'SELF_ACTION_FORBIDDEN'
    : declaration.kind === 'economy_change'
      ? 'SELF_APPROVAL_FORBIDDEN'
      : 'SELF_DEALING_FORBIDDEN');

/**
 * Declares the route's target; OpenAPI shows it as `x-reach` (and the body's
 * field as `x-reach-body`). On a controller it covers every method; a
 * method's own declaration wins.
 */
export function Reach(kind: ReachKind, options: { self?: ErrorCode; body?: string } = {}) {
  const declaration: ReachDeclaration = { kind, ...options };
  const decorators = [SetMetadata(REACH_KEY, declaration), ApiExtension('x-reach', kind)];
  if (options.body) decorators.push(ApiExtension('x-reach-body', options.body));
  if (kind !== 'none') {
    decorators.push(ApiErrors(selfCode(declaration), 'OPERATOR_REACH_FORBIDDEN'));
  }
  return applyDecorators(...decorators);
}

/** The member a record belongs to (or null when there is no such record). */
export type MemberResolver = (id: number) => Promise<number | null>;

/** How each kind of record names its member; the owners fill it at start-up. */
@Injectable()
export class ReachRegistry {
  private readonly resolvers = new Map<ReachKind, MemberResolver>();
  private roleResolver?: (userId: number) => Promise<AccountRole | null>;

  register(kind: Exclude<ReachKind, 'none' | 'account'>, resolver: MemberResolver) {
    this.resolvers.set(kind, resolver);
  }

  registerRoles(resolver: (userId: number) => Promise<AccountRole | null>) {
    this.roleResolver = resolver;
  }

  knows(kind: ReachKind): boolean {
    return kind === 'none' || (kind === 'account' ? !!this.roleResolver : this.resolvers.has(kind));
  }

  /** The member the route's `:id` stands for and their role; null when unknown (the handler answers 404). */
  async targetOf(kind: ReachKind, id: number): Promise<{ id: number; role: AccountRole } | null> {
    const memberId = kind === 'account' ? id : await this.resolvers.get(kind)!(id);
    if (memberId === null) return null;
    const role = await this.roleResolver!(memberId);
    return role ? { id: memberId, role } : null;
  }
}

/**
 * Runs after the sign-in guard on every route with roles (`Roles()` adds
 * it). Malformed ids pass through to validation (422), unknown ones to the
 * handler (404): only a known target is judged.
 */
@Injectable()
export class ReachGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly registry: ReachRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const declaration = this.reflector.getAllAndOverride<ReachDeclaration | undefined>(REACH_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!declaration) throw new AppError('FORBIDDEN', 'This operator route declares no reach');
    if (declaration.kind === 'none') return true;
    const request = context.switchToHttp().getRequest<{
      user: { id: number; role: AccountRole };
      params?: Record<string, string>;
      body?: unknown;
      reachChecked?: boolean;
    }>();
    // A method's Roles() under a controller's Auth() adds the guard twice: judge once.
    if (request.reachChecked) return true;
    request.reachChecked = true;
    // Read as IdParam reads it (Number(): '1e3' and '0x10' are ids too), so the
    // guard judges exactly the target the handler acts on; what IdParam refuses
    // gets validation's 422. A body's field likewise, as `@Type(() => Number)`
    // turns it into a number (a string "5", even `true`, are ids to it).
    const id = declaration.body
      ? bodyField(request.body, declaration.body)
      : Number(request.params?.id);
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) return true;
    const target = await this.registry.targetOf(declaration.kind, id);
    if (!target) return true;
    const refusal = reachRefusal(request.user, target);
    if (refusal === 'self') throw new AppError(selfCode(declaration));
    if (refusal === 'operator_target') throw new AppError('OPERATOR_REACH_FORBIDDEN');
    return true;
  }
}

function bodyField(body: unknown, field: string): number {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : null;
  const primitive = ['number', 'string', 'boolean'].includes(typeof value);
  return primitive ? Number(value) : NaN;
}

/**
 * Refuses to start when an operator route (one with roles other than
 * `member`) declares no reach, or a kind no module resolves.
 */
@Injectable()
export class ReachCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly registry: ReachRegistry,
  ) {}

  onApplicationBootstrap() {
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller || !wrapper.instance) continue;
      const prototype = controller.prototype as Record<string, (...args: unknown[]) => unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (routePathOf(handler) === undefined) continue;
        const roles = this.reflector.getAllAndOverride<string[] | undefined>(ROLES_METADATA, [
          handler,
          controller,
        ]);
        if (!roles?.some((role) => role !== 'member')) continue;
        const declaration = this.reflector.getAllAndOverride<ReachDeclaration | undefined>(
          REACH_KEY,
          [handler, controller],
        );
        const where = `${controller.name}.${name}`;
        if (!declaration) throw new Error(`${where} is an operator route without @Reach()`);
        if (!this.registry.knows(declaration.kind)) {
          throw new Error(`${where}: no module resolves the reach kind ${declaration.kind}`);
        }
      }
    }
  }
}

/**
 * Global: every module's guards find the registry, and the owners fill it.
 * The API adds ReachCheck (the worker serves no route).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [ReachRegistry, ReachGuard],
  exports: [ReachRegistry, ReachGuard, DiscoveryModule],
})
export class ReachModule {}
