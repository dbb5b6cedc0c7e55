import 'reflect-metadata';
import { stopPolitely } from './infra/process/graceful-stop';
import { startTracing } from './infra/tracing/tracing';
import { ConfigError, loadConfig } from './config/config';

async function main() {
  const config = loadConfig();
  // Before the worker's modules are loaded (below): the instrumentations patch pg and ioredis.
  const tracing = await startTracing('worker', config);
  const started = stopPolitely(config.SHUTDOWN_GRACE_MS, tracing.shutdown);
  const [
    { NestFactory },
    { Logger },
    { createLoggers, loggingModule, nestLogger },
    { WorkerModule },
  ] = await Promise.all([
    import('@nestjs/core'),
    import('nestjs-pino'),
    import('./infra/logging/logging'),
    import('./worker/worker.module'),
  ]);
  const app = await NestFactory.createApplicationContext(
    { module: WorkerModule, imports: [loggingModule(createLoggers(config).root)] },
    { bufferLogs: true },
  );
  // JSON lines like the API's, at LOG_LEVEL.
  app.useLogger(nestLogger(app.get(Logger)));
  if (started(app)) app.get(Logger).log('worker started', 'Worker');
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
