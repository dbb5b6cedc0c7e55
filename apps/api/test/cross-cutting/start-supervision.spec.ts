import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * `pnpm start` runs the API, the worker, the web and the local TRON node
 * through scripts/lib/supervise.sh. Here two stand-ins take their place: each
 * writes its pid to a file, and on SIGTERM writes "stopping" synchronously,
 * then exits 0 half a second later. A stand-in whose log reader is gone when
 * it stops (EPIPE) stays up for good, as the API and the worker once did
 * (sonic-boom 4, issue 42): the supervision must never let that happen.
 */
const SUPERVISE = resolve(__dirname, '../../../../scripts/lib/supervise.sh');

const STAND_IN = `
const fs = require('node:fs');
// The stop is handled before "up" is said: a SIGTERM right after "up" must find it.
let beat;
process.on('SIGTERM', () => {
  clearInterval(beat);
  try {
    fs.writeSync(1, 'stopping\\n');
  } catch {
    setInterval(() => undefined, 1000); // its reader gone: hangs, as sonic-boom 4 did
    return;
  }
  setTimeout(() => process.exit(0), 500);
});
// A lost reader ends no one by itself (the API and the worker drop such errors too).
process.stdout.on('error', () => undefined);
fs.writeFileSync(process.argv[2], String(process.pid));
console.log('up');
beat = setInterval(() => console.log('tick'), 100);
`;

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** A shell that supervises two stand-ins the way scripts/start.sh does, in a session of its own. */
function supervise() {
  const dir = mkdtempSync(join(tmpdir(), 'supervise-'));
  writeFileSync(join(dir, 'stand-in.js'), STAND_IN);
  const script = `
source ${JSON.stringify(SUPERVISE)}
trap 'supervise_stop 130' INT
trap 'supervise_stop 143' TERM
supervise_run one ${JSON.stringify(process.execPath)} ${dir}/stand-in.js ${dir}/one.pid
supervise_run two ${JSON.stringify(process.execPath)} ${dir}/stand-in.js ${dir}/two.pid
supervise_watch
supervise_wait
`;
  const child = spawn('bash', ['-c', script], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const pids = () =>
    ['one', 'two'].map((name) => {
      try {
        return Number(readFileSync(join(dir, `${name}.pid`), 'utf8'));
      } catch {
        return 0;
      }
    });
  return { group: child.pid!, exited, output: () => output, pids, child };
}

async function started(run: ReturnType<typeof supervise>) {
  expect(await until(() => run.pids().every((pid) => pid > 0 && alive(pid)), 10_000)).toBe(true);
  expect(
    await until(() => /\[one\] up/.test(run.output()) && /\[two\] up/.test(run.output()), 5_000),
  ).toBe(true);
  return run.pids();
}

describe('pnpm start: scripts/lib/supervise.sh', () => {
  const leftovers: number[] = [];
  afterEach(() => {
    for (const pid of leftovers.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
  });

  it('SIGTERM stops them all politely: their last lines still come, prefixed, and it exits 143', async () => {
    const run = supervise();
    const pids = await started(run);
    leftovers.push(...pids);
    process.kill(run.group, 'SIGTERM');
    expect(await run.exited).toBe(143);
    expect(pids.filter(alive)).toEqual([]);
    expect(run.output()).toContain('[one] stopping');
    expect(run.output()).toContain('[two] stopping');
  });

  it("a SIGTERM to the caller's whole process group, then SIGKILL two seconds later, leaves nothing running", async () => {
    const run = supervise();
    const pids = await started(run);
    leftovers.push(...pids);
    // As `setsid pnpm start`, `kill -TERM -- -PGID`, then `kill -KILL -- -PGID` (issue 42): the
    // prefixers were in that group and went first, and the stand-ins hung on their lost reader.
    process.kill(-run.group, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 2_000));
    try {
      process.kill(-run.group, 'SIGKILL');
    } catch {
      // The group already ended.
    }
    expect(await until(() => pids.every((pid) => !alive(pid)), 15_000)).toBe(true);
  });

  it('a supervisor killed outright (SIGKILL, no chance to stop them) has its commands stopped by the watchdog', async () => {
    const run = supervise();
    const pids = await started(run);
    leftovers.push(...pids);
    process.kill(-run.group, 'SIGKILL');
    expect(await run.exited).toBeNull();
    expect(await until(() => pids.every((pid) => !alive(pid)), 15_000)).toBe(true);
  });

  it('the first command to exit brings the others down', async () => {
    const run = supervise();
    const pids = await started(run);
    leftovers.push(...pids);
    process.kill(pids[0], 'SIGTERM');
    expect(await run.exited).toBe(1);
    expect(pids.filter(alive)).toEqual([]);
    expect(run.output()).toMatch(/start: one exited with status 0/);
  });
});
