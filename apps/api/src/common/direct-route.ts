/**
 * Direct routes: the hottest signed-in reads, answered by Fastify calling
 * their controller method straight away instead of through Nest's request
 * pipeline (execution context, guard and pipe consumers, interceptor chain,
 * response controller: some twenty promises per request). When it was
 * measured, that pipeline was about a tenth of GET /users/me's CPU, the
 * largest cost left then (docs/decisions.md, "Hot paths", has the figures
 * of that day; docs/benchmarks.md the current ones).
 *
 * The controller stays the one definition: path, OpenAPI, roles and the
 * method that answers. Only methods whose whole pipeline is the sign-in
 * check qualify, and the app refuses to start when a marked method has more
 * (another guard, a pipe, an interceptor, a filter, a parameter other than
 * `@CurrentUser()` and `@ContentLanguage()`, a status or header decorator, a method other than GET):
 * what runs is then exactly what the pipeline would have run. Errors take
 * the same road as ever: Fastify hands them to Nest's handler, which runs
 * ErrorFilter; the request hooks (id, headers, log line, metrics) are
 * Fastify's and run for every route alike. A method may answer with a
 * JsonText (common/json-text.ts): its bytes are sent without serialising.
 */
import { RequestMethod, SetMetadata, type Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  ACCESS_VERIFIER,
  type AccessVerifier,
  type AuthUser,
  JwtAuthGuard,
  ROLES_KEY,
  type Role,
  authenticate,
  currentUserOf,
} from './auth';
import {
  NEST_KEYS,
  globalPipelineOf,
  handlerSettingOf,
  pipelineListOf,
  requestMethodOf,
  routeArgsOf,
} from './framework/nest-internals';
import { REACH_KEY, type ReachDeclaration, ReachGuard } from './reach';
import { JsonText } from './json-text';
import { type Language, contentLanguageOf, languageOf } from './language';
import { AppValidationPipe } from './validation.pipe';

const DIRECT_ROUTE = 'direct-route';

type Method = (...args: never[]) => unknown;

interface DirectTarget {
  controller: Type;
  method: string;
}

/** Answer this GET straight from Fastify (see above); it must carry `@Auth()`. */
export function DirectRoute(): MethodDecorator {
  return (target, key, descriptor) => {
    const marker: DirectTarget = {
      controller: target.constructor as Type,
      method: String(key),
    };
    SetMetadata(DIRECT_ROUTE, marker)(target, key, descriptor);
  };
}

/** Throws the start-up error for a marked method that cannot be direct. */
const refuser =
  (where: string) =>
  (why: string): never => {
    throw new Error(`@DirectRoute() on ${where}: ${why}`);
  };

/** Where the method takes the signed-in member and where the reader's language. */
interface DirectParameter {
  index: number;
  kind: 'user' | 'language';
}

/**
 * What `@CurrentUser()` and `@ContentLanguage()` positions the method takes, after checking that its
 * pipeline is nothing but the sign-in check; throws at start-up otherwise.
 */
function directParameters(
  { controller, method }: DirectTarget,
  handler: Method,
  refuse: (why: string) => never,
): DirectParameter[] {
  if (requestMethodOf(handler) !== RequestMethod.GET) refuse('not a GET');
  const guards = pipelineListOf('guards', controller, handler);
  // An operator route also lists the reach guard (common/reach.ts), which lets
  // a route declared @Reach('none') through untouched: only then may it be direct.
  const reach = new Reflector().getAllAndOverride<ReachDeclaration | undefined>(REACH_KEY, [
    handler,
    controller,
  ]);
  const allowed = (guard: unknown) =>
    guard === JwtAuthGuard || (guard === ReachGuard && reach?.kind === 'none');
  // @Auth() on both the class and the method lists the guard twice.
  if (guards.length === 0 || !guards.some((g) => g === JwtAuthGuard) || !guards.every(allowed))
    refuse("needs @Auth() and no other guard (an operator route: @Reach('none'))");
  for (const key of ['pipes', 'interceptors', 'filters', 'headers'] as const) {
    if (pipelineListOf(key, controller, handler).length > 0) refuse(`has ${NEST_KEYS[key]}`);
  }
  for (const key of ['httpCode', 'redirect'] as const) {
    if (handlerSettingOf(key, handler) !== undefined) refuse(`has ${NEST_KEYS[key]}`);
  }
  const declared = Reflect.getMetadata('design:paramtypes', controller.prototype, method) as
    unknown[] | undefined;
  const params = routeArgsOf(controller, method);
  if (
    params.some((param) => param.factory !== currentUserOf && param.factory !== contentLanguageOf)
  )
    refuse('takes a parameter other than @CurrentUser() and @ContentLanguage()');
  if (params.length !== (declared?.length ?? 0)) refuse('takes a parameter without a decorator');
  return params.map((param) => ({
    index: param.index,
    kind: param.factory === currentUserOf ? 'user' : 'language',
  }));
}

/**
 * The app-wide part of the pipeline must be empty too: no global guard or
 * interceptor, and no global pipe but AppValidationPipe, which hands a
 * `@CurrentUser()` value through untouched. Read from Nest's application
 * config (not public API, framework/nest-internals.ts: when it cannot be
 * read, the app refuses to start).
 */
function checkGlobalPipeline(app: NestFastifyApplication, refuse: (why: string) => never) {
  const pipeline = globalPipelineOf(app);
  if (!pipeline) return refuse("cannot read the app's global pipeline");
  if (pipeline.guards.length > 0) refuse('the app has a global guard');
  if (pipeline.interceptors.length > 0) refuse('the app has a global interceptor');
  if (pipeline.pipes.some((pipe) => !(pipe instanceof AppValidationPipe)))
    refuse('the app has a global pipe other than AppValidationPipe');
}

/**
 * Swaps the handler Nest registers for each `@DirectRoute()` method (found
 * by the marker Nest copies onto it) for a direct call. Call before the app
 * initialises, which is when Nest registers its routes.
 */
export function registerDirectRoutes(app: NestFastifyApplication) {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route: RouteOptions) => {
      const target = Reflect.getMetadata(DIRECT_ROUTE, route.handler) as DirectTarget | undefined;
      if (!target) return;
      const handler = (target.controller.prototype as Record<string, Method>)[target.method];
      const refuse = refuser(`${target.controller.name}.${target.method}`);
      const parameters = directParameters(target, handler, refuse);
      checkGlobalPipeline(app, refuse);
      // The guard's rule: the method's roles win over its controller's.
      const roles = app
        .get(Reflector)
        .getAllAndOverride<Role[] | undefined>(ROLES_KEY, [handler, target.controller]);
      const verifier = app.get<AccessVerifier>(ACCESS_VERIFIER, { strict: false });
      const controller = app.get(target.controller, { strict: false }) as Record<
        string,
        (...args: (AuthUser | Language)[]) => unknown
      >;
      const call = controller[target.method].bind(controller);
      route.handler = async (
        request: FastifyRequest & { user?: AuthUser },
        reply: FastifyReply,
      ) => {
        const user = authenticate(verifier, request.headers.authorization, roles);
        // The log line names the member, as it does after the guard.
        request.user = user;
        const args: (AuthUser | Language)[] = [];
        for (const { index, kind } of parameters) {
          args[index] = kind === 'user' ? user : languageOf(request.headers['accept-language']);
        }
        const answer = await call(...args);
        // Serialised once by the service: its bytes go out as they are.
        if (answer instanceof JsonText) {
          void reply.type('application/json; charset=utf-8');
          return answer.bytes;
        }
        return answer;
      };
    });
}
