/**
 * pnpm docs:background [--check]
 *
 * Writes the table of background work (what runs where and how often) into
 * docs/architecture.md between `<!-- background:start -->` and
 * `<!-- background:end -->`, from modules/jobs/registry.ts. `--check` only
 * says whether the committed table is current (test/background-registry.spec.ts
 * checks the same in the test run).
 */
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../config/config';
import { describeBackground, withBackgroundSection } from '../common/background';
import { BACKGROUND } from '../modules/jobs/registry';

const ARCHITECTURE_DOC = resolve(REPO_ROOT, 'docs/architecture.md');

const current = readFileSync(ARCHITECTURE_DOC, 'utf8');
const wanted = withBackgroundSection(current, describeBackground(BACKGROUND));
if (process.argv.includes('--check')) {
  if (wanted !== current) {
    console.error(
      'docs/architecture.md: the background table is out of date; run pnpm docs:background',
    );
    process.exit(1);
  }
  console.log('docs/architecture.md: the background table is current');
} else if (wanted !== current) {
  writeFileSync(ARCHITECTURE_DOC, wanted);
  console.log('docs/architecture.md: background table written');
}
