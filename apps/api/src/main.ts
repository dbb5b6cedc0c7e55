// First: it starts libuv's thread pool, to know its threads (see the module).
import { lowerThreadPoolPriority } from './infra/process/thread-pool-priority';
import 'reflect-metadata';
import { stopPolitely } from './infra/process/graceful-stop';
import { startTracing } from './infra/tracing/tracing';
import { ConfigError, loadConfig } from './config/config';

async function main() {
  const config = loadConfig();
  // Before the app is loaded (below): the instrumentations patch http, pg and ioredis as they load.
  const tracing = await startTracing('api', config);
  const started = stopPolitely(config.SHUTDOWN_GRACE_MS, tracing.shutdown);
  const lowered = lowerThreadPoolPriority(config.THREADPOOL_NICE);
  const [{ createApp }, { Logger }] = await Promise.all([
    import('./app.factory'),
    import('nestjs-pino'),
  ]);
  const app = await createApp();
  if (!started(app)) return;
  await app.listen({ port: config.API_PORT, host: config.API_HOST });
  app
    .get(Logger)
    .log(
      `API listening on http://${config.API_HOST}:${config.API_PORT} (Swagger UI at /docs)`,
      'API',
    );
  if (typeof config.TRUST_PROXY === 'number' && config.TRUST_PROXY > 0) {
    app
      .get(Logger)
      .warn(
        `TRUST_PROXY=${config.TRUST_PROXY} is a hop count: X-Forwarded-For is believed from any peer, so a client that reaches this port past the proxy picks its own address; name the proxy's addresses instead (e.g. uniquelocal)`,
        'API',
      );
  }
  if (config.THREADPOOL_NICE > 0 && lowered === 0) {
    app
      .get(Logger)
      .warn(
        'the thread pool priority was left as it is (not Linux, or pool already running)',
        'API',
      );
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
