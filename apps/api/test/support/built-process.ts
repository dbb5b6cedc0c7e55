import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The API's build (pnpm test builds it before the integration tests). */
export const DIST = resolve(__dirname, '../../dist');

export interface BuiltProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** What it printed on stdout and stderr (the last 100-200 KB of it). */
  output: () => string;
}

/** Runs a built entry point (`main.js`, `worker.js`) as a real process. */
export function runBuilt(entry: string, env: Record<string, string> = {}): BuiltProcess {
  const file = resolve(DIST, entry);
  if (!existsSync(file))
    throw new Error(`${file} is missing: build the API first (pnpm --filter @app/api build)`);
  const child = spawn(process.execPath, [file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: string | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  return { child, exited, output: () => output };
}

/** A real worker process (`dist/worker.js`), once it says it has started. */
export async function startWorker(env: Record<string, string> = {}): Promise<BuiltProcess> {
  const worker = runBuilt('worker.js', env);
  const until = Date.now() + 20_000;
  while (!worker.output().includes('worker started')) {
    if (worker.child.exitCode !== null || Date.now() > until)
      throw new Error(`the worker did not start:\n${worker.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return worker;
}

/** Stops a process at once and waits for it to be gone. */
export async function killBuilt(p: BuiltProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGKILL');
  await p.exited;
}
