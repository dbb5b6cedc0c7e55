import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config';

async function main() {
  const config = loadConfig();
  const app = await createApp();
  await app.listen({ port: config.API_PORT, host: config.API_HOST });
  app
    .get(Logger)
    .log(
      `API listening on http://${config.API_HOST}:${config.API_PORT} (Swagger UI at /docs)`,
      'API',
    );
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
