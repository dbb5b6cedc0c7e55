import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { stopPolitely } from './infra/process/graceful-stop';
import { createLoggers, loggingModule, nestLogger } from './infra/logging/logging';
import { ConfigError, loadConfig } from './config/config';
import { WorkerModule } from './worker/worker.module';

async function main() {
  const config = loadConfig();
  const started = stopPolitely(config.SHUTDOWN_GRACE_MS);
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
