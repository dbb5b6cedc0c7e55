// The benchmark's baseline: bare Fastify + pg (pool of 10) answering one row
// read by primary key, the least any API route that reads a row can cost on
// this machine. Dependencies resolve from apps/api, which already has them.
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../apps/api/package.json', import.meta.url));
const Fastify = require('fastify');
const { Pool } = require('pg');

const port = Number(process.env.BENCH_BARE_PORT ?? 3201);
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

await pool.query(`
  CREATE TABLE IF NOT EXISTS bench_rows (
    id integer PRIMARY KEY,
    nickname text NOT NULL,
    money_micro bigint NOT NULL,
    vip_level integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
await pool.query(`
  INSERT INTO bench_rows (id, nickname, money_micro, vip_level)
  SELECT g, 'member' || g, g * 1000000, g % 10 FROM generate_series(1, 1000) AS g
  ON CONFLICT (id) DO NOTHING`);

const app = Fastify({ logger: false });
app.get('/rows/:id', async (request, reply) => {
  const { rows } = await pool.query(
    'SELECT id, nickname, money_micro, vip_level, created_at FROM bench_rows WHERE id = $1',
    [Number(request.params.id)],
  );
  if (rows.length === 0) return reply.code(404).send({ detail: 'Not Found', code: 'NOT_FOUND' });
  return rows[0];
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

await app.listen({ port, host: '127.0.0.1' });
console.log(`bare server listening on http://127.0.0.1:${port}`);
