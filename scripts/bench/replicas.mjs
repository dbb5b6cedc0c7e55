// `node replicas.mjs COUNT SCRIPT [ARGS...]`: COUNT copies of a server script
// on one port (node:cluster: this process accepts each connection and hands it
// to the next copy in turn). bench:load's stand-in, on one machine, for
// docker-compose.yml's API replicas behind nginx; the bare baseline runs the
// same way, so both sides have the same processes. The copies inherit this
// process's Node flags and environment, and start one after another (each
// once the one before listens: the bare server creates its table at start).
// SIGTERM or SIGINT goes to every copy; this process ends when they have.
// A copy that dies on its own stops the rest, and this process exits 1.
import cluster from 'node:cluster';
import process from 'node:process';

const [count, script, ...args] = process.argv.slice(2);
if (!(Number(count) >= 1) || !script) {
  console.error('usage: node replicas.mjs COUNT SCRIPT [ARGS...]');
  process.exit(2);
}

let stopping = false;
const stop = () => {
  stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
};
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, stop);

cluster.setupPrimary({ exec: script, args });
cluster.on('exit', (worker, code, signal) => {
  if (!stopping) {
    console.error(`replicas: copy ${worker.id} ended (${code ?? signal}); stopping the rest`);
    process.exitCode = 1;
    stop();
  }
  if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
});

for (let i = 0; i < Number(count) && !stopping; i++) {
  const worker = cluster.fork();
  await new Promise((resolve) => {
    worker.once('listening', resolve);
    worker.once('exit', resolve);
  });
}
