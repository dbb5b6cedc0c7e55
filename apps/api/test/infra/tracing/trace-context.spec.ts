import { ROOT_CONTEXT, context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { loadConfig } from '../../../src/config/config';
import { createLoggers, requestContext } from '../../../src/infra/logging/logging';
import {
  activeTraceIds,
  activeTraceparent,
  inSpan,
  jobTraceMetadata,
  markTracingOn,
  traceparentOfJob,
} from '../../../src/infra/tracing/trace-context';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE}-${SPAN}-01`;

/**
 * The trace context as the code reads it (infra/tracing/trace-context.ts), in
 * this file's own OpenTelemetry API (Jest gives each file its own globals):
 * an async context manager and a span's ids, as the SDK would run them, but
 * no SDK. The spans the SDK exports are in withdrawal-trace.spec.ts.
 */
describe('trace context: log lines, jobs and stored requests', () => {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  const { root } = createLoggers({ ...loadConfig(), LOG_LEVEL: 'info' }, { destination });
  const running = trace.wrapSpanContext({ traceId: TRACE, spanId: SPAN, traceFlags: 1 });
  const inRunningSpan = <T>(work: () => T) =>
    context.with(trace.setSpan(ROOT_CONTEXT, running), work);

  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  });
  afterAll(() => context.disable());
  beforeEach(() => (lines.length = 0));

  it('writes nothing of a trace while tracing is off, even inside a span', () => {
    inRunningSpan(() => root.info('off'));
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(
      inRunningSpan(() => [activeTraceIds(), activeTraceparent(), jobTraceMetadata()]),
    ).toEqual([undefined, undefined, undefined]);
  });

  describe('tracing on', () => {
    beforeAll(() => markTracingOn());

    it('puts the running trace and span on every log line written in it, beside the request id', async () => {
      await requestContext.run('req-1', () =>
        inRunningSpan(async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          root.warn('inside');
        }),
      );
      root.info('outside');
      expect(lines[0]).toMatchObject({
        msg: 'inside',
        req: { id: 'req-1' },
        trace_id: TRACE,
        span_id: SPAN,
      });
      expect(lines[1]).toMatchObject({ msg: 'outside' });
      expect(lines[1]).not.toHaveProperty('trace_id');
    });

    it('carries the running span in a job and in a stored traceparent, and continues it', async () => {
      const metadata = inRunningSpan(() => jobTraceMetadata());
      expect(JSON.parse(metadata!)).toEqual({ traceparent: TRACEPARENT });
      expect(traceparentOfJob(metadata)).toBe(TRACEPARENT);
      expect(traceparentOfJob('not json')).toBeUndefined();
      expect(inRunningSpan(() => activeTraceparent())).toBe(TRACEPARENT);
      expect(activeTraceparent()).toBeUndefined();
      // Later, elsewhere: the work runs in that trace (no SDK here: as the parent's span).
      const seen = await inSpan('job', { parent: TRACEPARENT }, async () => activeTraceIds());
      expect(seen?.trace_id).toBe(TRACE);
      // Only in a trace: a tick's routine call starts none of its own.
      expect(await inSpan('tron call', { onlyInTrace: true }, async () => activeTraceIds())).toBe(
        undefined,
      );
    });
  });
});
