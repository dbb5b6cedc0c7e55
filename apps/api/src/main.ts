import 'reflect-metadata';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config';

async function main() {
  const config = loadConfig();
  const app = await createApp();
  await app.listen({ port: config.API_PORT, host: config.API_HOST });
  console.log(`API listening on http://127.0.0.1:${config.API_PORT} (Swagger UI at /docs)`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
