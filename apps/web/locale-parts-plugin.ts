import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * A language file in two parts, each a chunk of its own: the words of the
 * signed-out pages (the keys listed in `signedOut`), which the first screen
 * needs, and the rest (`member`), which only the signed-in screens need.
 * `import('../locales/ru.json?signed-out')` and `...?member` give each part
 * as a default export; the files themselves stay whole (one set of keys per
 * language, as i18n.test.ts checks).
 */
export const LOCALE_PARTS = ['signed-out', 'member'] as const;

const PREFIX = '\0locale-part/';
/** src/ on disk; asked when needed, so a test under jsdom may import this module. */
const sources = () => fileURLToPath(new URL('./src/', import.meta.url));

/**
 * The language file a part's id names (`<folder>/<language>-<part>` under
 * src/): `load` may be asked for an id this instance never resolved (Vitest
 * runs test files against a module graph another resolution filled), so it
 * must not depend on what resolveId saw.
 */
function fileOf(id: string): string | undefined {
  const match = /^([^/]+)\/(.+)-(signed-out|member)$/.exec(id.slice(PREFIX.length));
  return match ? `${sources()}${match[1]}/${match[2]}.json` : undefined;
}

export function localeParts(options: { signedOut: string[] }): Plugin {
  const files = new Map<string, string>();
  return {
    name: 'locale-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(.*)\?(signed-out|member)$/.exec(source);
      if (!match?.[1].endsWith('.json')) return null;
      const file = await this.resolve(match[1], importer, { skipSelf: true });
      if (!file) return null;
      // "locales/ru-signed-out": the chunk takes its name from the last part.
      const [folder, name] = file.id.split('/').slice(-2);
      const id = `${PREFIX}${folder}/${name.replace(/\.json$/, '')}-${match[2]}`;
      const known = files.get(id);
      if (known && known !== file.id) this.error(`${file.id} and ${known} would share ${id}`);
      files.set(id, file.id);
      return id;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = files.get(id) ?? fileOf(id);
      if (!file) return null;
      this.addWatchFile(file);
      const signedOut = id.endsWith('-signed-out');
      const words = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const key of options.signedOut) {
        if (!(key in words)) this.error(`${file} has no "${key}" for the signed-out words`);
      }
      const part = Object.fromEntries(
        Object.entries(words).filter(([key]) => options.signedOut.includes(key) === signedOut),
      );
      return `export default ${JSON.stringify(part)};`;
    },
  };
}

/** The module id of a part of `locales/<language>.json`, for the preload lines. */
export function localePartId(language: string, part: (typeof LOCALE_PARTS)[number]): string {
  return `${PREFIX}locales/${language}-${part}`;
}
