/**
 * pnpm docs:sync: writes the parts of the docs that are read from the code, so they
 * cannot drift from it. `--check` writes nothing and fails (listing the files)
 * when one differs; `pnpm test` runs that.
 *
 * - `.env.example`: every setting, from SETTINGS_CATALOGUE and the schema's defaults;
 * - the settings table of README.md, from the same;
 * - the owners table of docs/architecture.md, from TABLE_OWNERS;
 * - its table of background work (what runs where, how often), from src/background-registry.ts.
 */
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT, SETTINGS_SCHEMA, type SettingName } from '../config/config';
import { SETTING_GROUPS, SETTINGS_CATALOGUE } from '../config/settings-catalogue';
import { TABLE_OWNERS } from '../database/table-owners';
import { describeBackground, withBackgroundSection } from '../infra/jobs/background';
import { BACKGROUND } from '../background-registry';

const ENV_HEADER = `# Development settings. \`pnpm start\` copies this file to .env when there is none.
# Every value can also come from the environment, which always wins over .env.
# Empty means "not set". Written by \`pnpm docs:sync\` from apps/api/src/config/
# (settings-catalogue.ts and the schema in config.ts): edit those, not this file.
`;

/** Each setting's default as the schema gives it ('' when it has none). */
function defaults(): Record<SettingName, string> {
  const parsed = SETTINGS_SCHEMA.parse({}) as Record<string, unknown>;
  const names = Object.keys(SETTINGS_CATALOGUE) as SettingName[];
  return Object.fromEntries(
    names.map((name) => [name, parsed[name] === undefined ? '' : String(parsed[name])]),
  ) as Record<SettingName, string>;
}

/** Words of `text` in `# `-comment lines of at most `width` characters. */
function commentLines(text: string, width = 88): string[] {
  const lines: string[] = [];
  for (const paragraph of text ? text.split('\n') : []) {
    if (paragraph.startsWith('  ')) {
      lines.push(`# ${paragraph}`);
      continue;
    }
    let line = '#';
    for (const word of paragraph.split(/\s+/)) {
      if (line.length > 1 && line.length + 1 + word.length > width) {
        lines.push(line);
        line = '#';
      }
      line += ` ${word}`;
    }
    lines.push(line);
  }
  return lines;
}

export function envExample(): string {
  const byDefault = defaults();
  const out: string[] = [ENV_HEADER];
  for (const group of SETTING_GROUPS) {
    out.push(`# --- ${group} ${'-'.repeat(Math.max(3, 76 - group.length))}`);
    for (const [name, doc] of Object.entries(SETTINGS_CATALOGUE)) {
      if (doc.group !== group) continue;
      out.push(...commentLines(doc.doc));
      out.push(
        doc.value !== undefined
          ? `${name}=${doc.value}`
          : `# ${name}=${doc.sample ?? byDefault[name as SettingName]}`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

export function settingsTable(): string {
  const byDefault = defaults();
  const rows = ['| setting | default | what it does |', '| --- | --- | --- |'];
  for (const group of SETTING_GROUPS) {
    rows.push(`| **${cell(group)}** | | |`);
    let previous = '';
    for (const [name, doc] of Object.entries(SETTINGS_CATALOGUE)) {
      if (doc.group !== group) continue;
      const value = byDefault[name as SettingName];
      // An empty doc shares the one above it (settings documented together).
      const what = doc.doc.replace(/\s*\n\s*/g, ' ') || `see ${previous}`;
      if (doc.doc) previous = `\`${name}\``;
      rows.push(`| \`${name}\` | ${value ? `\`${cell(value)}\`` : 'unset'} | ${cell(what)} |`);
    }
  }
  return rows.join('\n');
}

export function ownersTable(): string {
  const byModule = new Map<string, string[]>();
  for (const [table, owner] of Object.entries(TABLE_OWNERS)) {
    byModule.set(owner, [...(byModule.get(owner) ?? []), table]);
  }
  const rows = ['| owner | tables |', '| --- | --- |'];
  for (const [owner, tables] of byModule) {
    rows.push(`| \`${owner}\` | ${tables.map((t) => `\`${t}\``).join(', ')} |`);
  }
  return rows.join('\n');
}

/** `text` with what stands between `<!-- name:start -->` and `<!-- name:end -->` replaced. */
export function withSection(text: string, name: string, body: string, file: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file}: markers ${start} … ${end} are missing`);
  return `${text.slice(0, from + start.length)}\n\n${body}\n\n${text.slice(to)}`;
}

/** Markdown as the repository's prettier writes it (tables aligned), so format:check agrees. */
function prettierMarkdown(text: string, path: string, root: string): string {
  return execFileSync('pnpm', ['--silent', 'exec', 'prettier', '--stdin-filepath', path], {
    cwd: root,
    input: text,
    encoding: 'utf8',
  });
}

/** Every generated file's path and wanted content. */
export function generated(
  root = REPO_ROOT,
  read = (p: string) => readFileSync(p, 'utf8'),
): { path: string; text: string }[] {
  const readme = resolve(root, 'README.md');
  const architecture = resolve(root, 'docs/architecture.md');
  return [
    { path: resolve(root, '.env.example'), text: envExample() },
    {
      path: readme,
      text: prettierMarkdown(
        withSection(read(readme), 'settings', settingsTable(), 'README.md'),
        readme,
        root,
      ),
    },
    {
      path: architecture,
      text: prettierMarkdown(
        withBackgroundSection(
          withSection(read(architecture), 'owners', ownersTable(), 'docs/architecture.md'),
          describeBackground(BACKGROUND),
        ),
        architecture,
        root,
      ),
    },
  ];
}

function main() {
  const check = process.argv.includes('--check');
  const stale: string[] = [];
  for (const { path, text } of generated()) {
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {
      // missing: written below, or stale under --check
    }
    if (current === text) continue;
    if (check) stale.push(path);
    else writeFileSync(path, text);
  }
  if (stale.length) {
    console.error(
      `docs: out of date (run pnpm docs:sync, then pnpm format):\n  ${stale.join('\n  ')}`,
    );
    process.exit(1);
  }
}

if (require.main === module) main();
