import {
  context,
  isSpanContextValid,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';

/**
 * The trace context of the running code, for the pieces that carry it past a
 * process or a wait: a job on a queue (infra/jobs), a row that waits for an
 * operator (a withdrawal), a log line, an audit row. Only OpenTelemetry's API
 * here (a few no-op objects while tracing is off); the SDK is started by
 * tracing.ts. Every function answers at once, with nothing, while tracing is
 * off: a request pays one boolean test.
 */
let on = false;

/** Called by startTracing once the SDK runs. */
export function markTracingOn(): void {
  on = true;
}

const tracer = () => trace.getTracer('trailer-club');

/** The trace and span of the running code, as the log lines and audit rows name them. */
export function activeTraceIds(): { trace_id: string; span_id: string } | undefined {
  if (!on) return undefined;
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const ids = span.spanContext();
  return isSpanContextValid(ids) ? { trace_id: ids.traceId, span_id: ids.spanId } : undefined;
}

/** The running trace's id (32 hex digits), or null. */
export function activeTraceId(): string | null {
  return activeTraceIds()?.trace_id ?? null;
}

/**
 * The running span as a W3C `traceparent` (`00-<trace>-<span>-<flags>`), to
 * be stored with work that goes on later elsewhere; undefined when off. Written
 * here rather than by the configured propagator (OTEL_PROPAGATORS may name
 * another header format): what is stored reads the same whatever the setting.
 */
export function activeTraceparent(): string | undefined {
  if (!on) return undefined;
  const ids = trace.getActiveSpan()?.spanContext();
  if (!ids || !isSpanContextValid(ids)) return undefined;
  const flags = (ids.traceFlags & 0xff).toString(16).padStart(2, '0');
  return `00-${ids.traceId}-${ids.spanId}-${flags}`;
}

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** A `traceparent` as the context to start a span under, or undefined when it names none. */
function parentContext(traceparent: string | null | undefined) {
  const parts = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!parts) return undefined;
  const [, traceId, spanId, flags] = parts;
  const ids = { traceId, spanId, traceFlags: parseInt(flags, 16), isRemote: true };
  return isSpanContextValid(ids) ? trace.setSpanContext(ROOT_CONTEXT, ids) : undefined;
}

export interface SpanOptions {
  /**
   * The `traceparent` of the span this work continues (a request's, stored
   * with a job or a row): the span is its child, in the same trace. Without
   * one, a child of the running span, or a new trace.
   */
  parent?: string | null;
  kind?: SpanKind;
  attributes?: Attributes;
  /** Only as a child: with no parent and no running span, no span (a tick's routine calls). */
  onlyInTrace?: boolean;
}

/**
 * Runs `work` in a span named `name` (an error ends it as failed, and is
 * thrown on); while tracing is off, just runs it.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: () => Promise<T>): Promise<T> {
  if (!on) return work();
  const parent = parentContext(options.parent) ?? context.active();
  if (options.onlyInTrace && !trace.getSpan(parent)) return work();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
    parent,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error instanceof Error ? error : String(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Links the running span to the trace `traceparent` names: an operator's
 * request that decides on a member's earlier one (a withdrawal's approval)
 * points at it.
 */
export function linkTo(traceparent: string | null | undefined): void {
  if (!on) return;
  const linked = parentContext(traceparent);
  const span = trace.getActiveSpan();
  if (linked && span) span.addLink({ context: trace.getSpanContext(linked)! });
}

/**
 * What a job carries of the running trace: BullMQ's own slot for it
 * (`opts.telemetry.metadata`, which its optional telemetry add-on fills the
 * same way: the W3C carrier as JSON). Undefined when off or no span runs.
 */
export function jobTraceMetadata(): string | undefined {
  const traceparent = activeTraceparent();
  return traceparent ? JSON.stringify({ traceparent }) : undefined;
}

/** The `traceparent` a job carries (jobTraceMetadata), if any and well-formed. */
export function traceparentOfJob(metadata: string | undefined): string | undefined {
  if (!on || !metadata) return undefined;
  try {
    const carried = JSON.parse(metadata) as { traceparent?: unknown };
    return typeof carried.traceparent === 'string' ? carried.traceparent : undefined;
  } catch {
    return undefined;
  }
}

export { SpanKind };
