import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/**
 * One Node release for development, CI, the benchmarks and the images: the one
 * `.nvmrc` names, which scripts/lib/node.sh puts first on PATH for every script
 * (docs/decisions.md, "Node 22 everywhere"). These tests run on it, so do the
 * processes they start (by `process.execPath` or by `node` on PATH).
 */
const ROOT = resolve(__dirname, '../../../..');
const pinned = readFileSync(resolve(ROOT, '.nvmrc'), 'utf8').trim().replace(/^v/, '');
const major = pinned.split('.')[0];

const manifests = [
  '.',
  ...['apps', 'libs'].flatMap((dir) =>
    readdirSync(resolve(ROOT, dir)).map((name) => `${dir}/${name}`),
  ),
]
  .map((dir) => ({ dir, path: resolve(ROOT, dir, 'package.json') }))
  .filter(({ path }) => existsSync(path))
  .map(({ dir, path }) => ({
    dir,
    pkg: JSON.parse(readFileSync(path, 'utf8')) as {
      engines?: { node?: string };
      devDependencies?: Record<string, string>;
    },
  }));

describe('the Node release', () => {
  it('.nvmrc names an exact Node 22 release', () => {
    expect(pinned).toMatch(/^22\.\d+\.\d+$/);
  });

  it('runs this test and the node a test starts from PATH', () => {
    expect(process.version).toBe(`v${pinned}`);
    const child = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(`v${pinned}`);
  });

  it.each(['apps/api/Dockerfile', 'apps/web/Dockerfile'])('%s builds and runs on it', (file) => {
    const images = [...readFileSync(resolve(ROOT, file), 'utf8').matchAll(/^FROM node:(\S+)/gm)];
    expect(images.length).toBeGreaterThan(0);
    for (const [, tag] of images) expect(tag).toBe(`${pinned}-bookworm-slim`);
  });

  it('pnpm checks engines against it', () => {
    const workspace = parse(readFileSync(resolve(ROOT, 'pnpm-workspace.yaml'), 'utf8')) as {
      nodeVersion?: string;
    };
    expect(workspace.nodeVersion).toBe(pinned);
  });

  it('every package.json declares the same engines, which it satisfies', () => {
    const root = manifests.find(({ dir }) => dir === '.')!.pkg.engines?.node;
    const floor = /^>=(\d+)\.(\d+)\.(\d+)$/.exec(root ?? '');
    expect(floor).not.toBeNull();
    const [want, have] = [floor!.slice(1), pinned.split('.')].map((v) => v.map(Number));
    expect(want[0]).toBe(Number(major));
    expect(have[1] * 1e6 + have[2]).toBeGreaterThanOrEqual(want[1] * 1e6 + want[2]);
    for (const { dir, pkg } of manifests) expect([dir, pkg.engines?.node]).toEqual([dir, root]);
  });

  it("@types/node is that major's, so an API of a later Node fails typecheck", () => {
    for (const { pkg } of manifests) {
      const types = pkg.devDependencies?.['@types/node'];
      if (types) expect(types).toMatch(new RegExp(`^[~^]?${major}\\.`));
    }
  });
});
