import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { DIST } from '../../support/built-process';
import { serviceName } from '../../../src/infra/tracing/tracing';

const run = promisify(execFile);

/**
 * What a process loads of OpenTelemetry when main.ts and worker.ts start
 * tracing (the built code, in a process of its own: the SDK is the process's).
 */
async function startIn(env: Record<string, string | undefined>) {
  const script = `
    const { loadConfig } = require(${JSON.stringify(resolve(DIST, 'config/config.js'))});
    const { startTracing } = require(${JSON.stringify(resolve(DIST, 'infra/tracing/tracing.js'))});
    startTracing('api', loadConfig()).then(async (tracing) => {
      const loaded = Object.keys(require.cache).filter((f) =>
        /@opentelemetry[\\\\/](sdk-|exporter-|instrumentation)|@fastify[\\\\/]otel/.test(f));
      // The hot path's libraries, loaded after the start as the app loads them (main.ts).
      const fromApp = (name) => require(require.resolve(name, { paths: [${JSON.stringify(DIST)}] }));
      const { Client } = fromApp('pg');
      const Redis = fromApp('ioredis').default;
      const http = require('node:http');
      const patched = Object.entries({
        'pg query': Client.prototype.query,
        'ioredis sendCommand': Redis.prototype.sendCommand,
        'http emit': http.Server.prototype.emit,
      }).filter(([, fn]) => fn.__wrapped === true).map(([name]) => name);
      // What the API's global slot holds (a tracer provider, a context manager, a propagator).
      const api = globalThis[Symbol.for('opentelemetry.js.api.1')] ?? {};
      const registered = ['trace', 'context', 'propagation'].filter((key) => api[key]);
      await tracing.shutdown();
      console.log(JSON.stringify({ on: tracing.on, loaded: loaded.length, patched, registered }));
    });`;
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
  const { stdout } = await run(process.execPath, ['-e', script], {
    env: childEnv as NodeJS.ProcessEnv,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as {
    on: boolean;
    loaded: number;
    patched: string[];
    registered: string[];
  };
}

describe('tracing settings', () => {
  // Off costs a request nothing (issue 40): no SDK loaded, no library patched, no context manager
  // or tracer provider registered (a context manager alone would run on every await).
  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing loaded, patched or registered', async () => {
    expect(
      await startIn({
        OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
        // The SDK would honour these; unset endpoint means off all the same.
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/v1/traces',
        OTEL_SERVICE_NAME: 'club',
      }),
    ).toEqual({ on: false, loaded: 0, patched: [], registered: [] });
  });

  it('is on with it: the SDK, its exporters and the instrumentations', async () => {
    const on = await startIn({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    expect(on.on).toBe(true);
    expect(on.loaded).toBeGreaterThan(3);
    expect(on.patched).toEqual(['pg query', 'ioredis sendCommand', 'http emit']);
    expect(on.registered).toEqual(['trace', 'context', 'propagation']);
  });

  it('names the API and the worker as two services, from one OTEL_SERVICE_NAME or none', () => {
    expect([serviceName('api'), serviceName('worker')]).toEqual([
      'trailer-club-api',
      'trailer-club-worker',
    ]);
    expect([serviceName('api', 'club'), serviceName('worker', 'club')]).toEqual([
      'club-api',
      'club-worker',
    ]);
    // Set per process, with its suffix already: kept.
    expect([serviceName('api', 'club-api'), serviceName('worker', 'club-worker')]).toEqual([
      'club-api',
      'club-worker',
    ]);
  });
});
