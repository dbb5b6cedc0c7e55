/**
 * The one place that reads NestJS internals: the metadata keys its
 * decorators write (`@nestjs/common/constants`, not exported from the
 * package's entry point) and the application's config (a private field).
 * `@DirectRoute()` (common/direct-route.ts) and the reach registry
 * (common/reach.ts) use them to check what a route's pipeline holds.
 *
 * A Nest upgrade may rename or move any of this without notice, and the
 * failure would be silent: a key that reads `undefined` looks like "no
 * guard", "no pipe". test/cross-cutting/framework-internals.spec.ts reads every accessor
 * here on a known decorated controller and fails with a clear message when
 * one no longer answers; fix this file (and only this file) then.
 */
import type { INestApplication, RequestMethod, Type } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import type { ApplicationConfig } from '@nestjs/core';

/** The metadata keys of Nest's decorators that the checks read. */
export const NEST_KEYS = {
  /** `@Get()` and co.: the route's path, on the handler. */
  path: PATH_METADATA,
  /** `@Get()` and co.: the RequestMethod, on the handler. */
  method: METHOD_METADATA,
  /** `@UseGuards()`: guard list, on the class and the handler. */
  guards: GUARDS_METADATA,
  /** `@UsePipes()`: pipe list, on the class and the handler. */
  pipes: PIPES_METADATA,
  /** `@UseInterceptors()`: interceptor list, on the class and the handler. */
  interceptors: INTERCEPTORS_METADATA,
  /** `@UseFilters()`: exception filter list, on the class and the handler. */
  filters: EXCEPTION_FILTERS_METADATA,
  /** `@Header()`: header list, on the handler. */
  headers: HEADERS_METADATA,
  /** `@HttpCode()`: the status, on the handler. */
  httpCode: HTTP_CODE_METADATA,
  /** `@Redirect()`: the target, on the handler. */
  redirect: REDIRECT_METADATA,
  /** Parameter decorators: `{ '<type>:<index>': { index, factory?, ... } }`, on the class by method name. */
  routeArgs: ROUTE_ARGS_METADATA,
} as const;

export type PipelineListKey = 'guards' | 'pipes' | 'interceptors' | 'filters' | 'headers';

/** The handler's route path; undefined when it is not a route. */
export const routePathOf = (handler: object): string | string[] | undefined =>
  Reflect.getMetadata(NEST_KEYS.path, handler) as string | string[] | undefined;

/** The handler's HTTP method; undefined when it is not a route. */
export const requestMethodOf = (handler: object): RequestMethod | undefined =>
  Reflect.getMetadata(NEST_KEYS.method, handler) as RequestMethod | undefined;

/** Everything listed under one of the pipeline's keys, class-wide then on the method. */
export const pipelineListOf = <T = unknown>(key: PipelineListKey, ...targets: object[]): T[] =>
  targets.flatMap(
    (target) => (Reflect.getMetadata(NEST_KEYS[key], target) as T[] | undefined) ?? [],
  );

/** `@HttpCode()` or `@Redirect()` on the handler, undefined when absent. */
export const handlerSettingOf = (key: 'httpCode' | 'redirect', handler: object): unknown =>
  Reflect.getMetadata(NEST_KEYS[key], handler);

/** A method's parameter decorators: where each is and the factory of a custom one. */
export interface RouteArg {
  index: number;
  factory?: unknown;
}

export const routeArgsOf = (controller: Type, method: string): RouteArg[] =>
  Object.values(
    (Reflect.getMetadata(NEST_KEYS.routeArgs, controller, method) ?? {}) as Record<
      string,
      RouteArg
    >,
  );

/** The app-wide pipeline, as the app's config lists it. */
export interface GlobalPipeline {
  guards: unknown[];
  interceptors: unknown[];
  pipes: unknown[];
}

/**
 * The app's global guards, interceptors and pipes (request-scoped ones
 * included), read from the application's private `config`; undefined when
 * it cannot be read (then callers must assume the worst).
 */
export function globalPipelineOf(app: INestApplication): GlobalPipeline | undefined {
  const config = (app as unknown as { config?: ApplicationConfig }).config;
  if (
    typeof config?.getGlobalGuards !== 'function' ||
    typeof config.getGlobalRequestGuards !== 'function' ||
    typeof config.getGlobalInterceptors !== 'function' ||
    typeof config.getGlobalRequestInterceptors !== 'function' ||
    typeof config.getGlobalPipes !== 'function' ||
    typeof config.getGlobalRequestPipes !== 'function'
  )
    return undefined;
  return {
    guards: [...config.getGlobalGuards(), ...config.getGlobalRequestGuards()],
    interceptors: [...config.getGlobalInterceptors(), ...config.getGlobalRequestInterceptors()],
    // Request-scoped pipes are providers (InstanceWrapper), never an AppValidationPipe.
    pipes: [...config.getGlobalPipes(), ...config.getGlobalRequestPipes()],
  };
}
