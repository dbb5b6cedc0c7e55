import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildOpenApi, createApp } from './app.factory';

/** Recursively sorted keys: the committed spec diffs cleanly and only when it changes. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

async function main() {
  // Boots the app without a database or listening socket, like immich's spec writer.
  process.env.OPENAPI_ONLY = '1';
  const app = await createApp({ logger: false });
  const target = resolve(
    process.argv[2] ?? resolve(__dirname, '../../../libs/contracts/openapi.json'),
  );
  writeFileSync(target, JSON.stringify(sortKeys(buildOpenApi(app)), null, 2) + '\n');
  await app.close();
  console.log(`wrote ${target}`);
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
