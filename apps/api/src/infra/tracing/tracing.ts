import type { IncomingMessage } from 'node:http';
import type { AppConfig } from '../../config/config';
import { markTracingOn } from './trace-context';

/** The two processes that report traces, each as a service of its own. */
export type TracedProcess = 'api' | 'worker';

/** What a process holds of its tracing: the last spans go out when it stops. */
export interface Tracing {
  readonly on: boolean;
  /** Exports what is still buffered and stops the SDK (a no-op while off). */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { on: false, shutdown: async () => undefined };

/**
 * The service a process reports as: `<OTEL_SERVICE_NAME>-<process>`
 * (`trailer-club-api`, `trailer-club-worker` by default), so that one
 * `.env` shared by both still gives two services; a name that already ends
 * with the process's suffix (a per-process environment) is kept as it is.
 */
export function serviceName(role: TracedProcess, configured?: string): string {
  const name = configured?.trim() || 'trailer-club';
  return name.endsWith(`-${role}`) ? name : `${name}-${role}`;
}

/** Requests that are not worth a trace: scrapes and probes, every few seconds. */
const UNTRACED_PATHS = /^\/(metrics|health)(\/|\?|$)/;

/**
 * Starts OpenTelemetry's Node SDK for the `role` process when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise does nothing and loads
 * nothing of the SDK (the packages are imported here only, on demand).
 *
 * Must run before the app's modules are loaded (main.ts, worker.ts): the
 * instrumentations patch `http`, `pg` and `ioredis` when those are first
 * required, and @fastify/otel joins every Fastify instance made after it
 * (through Fastify's `fastify.initialization` channel). NestJS 12 has no
 * instrumentation (OpenTelemetry's covers Nest below 12, loaded as CommonJS):
 * @fastify/otel names the HTTP spans by route and times Nest's handler.
 *
 * The SDK reads the standard settings itself: the endpoint, the protocol
 * (http/protobuf or http/json), the sampler (OTEL_TRACES_SAMPLER,
 * OTEL_TRACES_SAMPLER_ARG), the batching (OTEL_BSP_*), headers and resource
 * attributes. Traces only: no OpenTelemetry metrics or logs (Prometheus and
 * the JSON log lines are the app's).
 */
export async function startTracing(role: TracedProcess, config: AppConfig): Promise<Tracing> {
  if (!config.OTEL_EXPORTER_OTLP_ENDPOINT) return OFF;
  const [{ NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, ioredis, fastify] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@fastify/otel'),
    ]);
  const untraced = (request: IncomingMessage) => UNTRACED_PATHS.test(request.url ?? '');
  const sdk = new NodeSDK({
    serviceName: serviceName(role, config.OTEL_SERVICE_NAME),
    // Traces only: the SDK would start OTLP metrics and logs exporters by default.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: untraced,
        // Calls out (the TRON node, S3, the collector) only inside a trace, as pg and Redis below.
        requireParentforOutgoingSpans: true,
      }),
      new fastify.FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // One span for the request and one for its handler; a span per hook costs more than it says.
        instrumentHooks: false,
        ignorePaths: (route: { url?: string }) => UNTRACED_PATHS.test(route.url ?? ''),
      }),
      // Only inside a trace: the worker's polling and the ticks' routine queries start none.
      // No span for taking a pooled connection: one per query, and the query's own says enough.
      new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
      new ioredis.IORedisInstrumentation({
        requireParentSpan: true,
        // The command's name only: its arguments are keys, tickets and tokens.
        dbStatementSerializer: (command: string) => command,
      }),
    ],
  });
  sdk.start();
  markTracingOn();
  return { on: true, shutdown: () => sdk.shutdown() };
}
