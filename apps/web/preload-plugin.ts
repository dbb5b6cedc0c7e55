import type { Plugin } from 'vite';
import { LOCALE_PARTS, localePartId } from './locale-parts-plugin.ts';

type WordsPart = (typeof LOCALE_PARTS)[number];

/**
 * The first screen needs three things the entry chunk only asks for once it
 * runs: the words of the member's language, the page's own chunk and that
 * chunk's imports. A few lines in index.html ask for them at once, in
 * parallel with the entry (one round trip instead of three on a phone).
 *
 * `pages` maps a path to the parts of the language file it shows and the
 * modules the router loads for it (the signed-in screens' table and layout,
 * then the page); any other path gets the signed-out words. The language
 * comes from localStorage like lib/i18n.ts reads it.
 */
export function preloadFirstScreen(options: {
  pages: Record<string, { words: WordsPart[]; modules: string[] }>;
  languages: string[];
  defaultLanguage: string;
}): Plugin {
  return {
    name: 'preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunkOf = (module: string) =>
          Object.values(bundle).find(
            (item) => item.type === 'chunk' && item.facadeModuleId?.endsWith(module),
          );
        // A chunk and every chunk it imports statically, however deep (a
        // chunk imported by an import is asked for only once that one ran:
        // one more round trip), as URLs.
        const withImports = (module: string): string[] => {
          const chunk = chunkOf(module);
          if (!chunk || chunk.type !== 'chunk') {
            throw new Error(`preload-first-screen: no chunk for ${module}`);
          }
          const files = new Set<string>();
          const visit = (file: string) => {
            if (files.has(file)) return;
            files.add(file);
            const item = bundle[file];
            if (item?.type === 'chunk') item.imports.forEach(visit);
          };
          visit(chunk.fileName);
          return [...files].map((file) => `/${file}`);
        };
        const languages: Record<string, Record<string, string[]>> = {};
        for (const lang of options.languages) {
          languages[lang] = Object.fromEntries(
            LOCALE_PARTS.map((part) => [part, withImports(localePartId(lang, part))]),
          );
        }
        const pages: Record<string, { w: WordsPart[]; f: string[] }> = {};
        for (const [path, { words, modules }] of Object.entries(options.pages))
          pages[path] = { w: words, f: [...new Set(modules.flatMap(withImports))] };
        const fallback: { w: WordsPart[]; f: string[] } = { w: ['signed-out'], f: [] };
        const script = `(function(){var l=${JSON.stringify(languages)},p=${JSON.stringify(pages)},c,u=[];try{c=localStorage.getItem('lang')}catch(e){}var w=l[c]||l[${JSON.stringify(options.defaultLanguage)}],q=p[location.pathname]||${JSON.stringify(fallback)};q.w.forEach(function(k){u=u.concat(w[k])});u.concat(q.f).forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';k.href=h;document.head.appendChild(k)})})()`;
        return html.replace('</head>', `<script>${script}</script></head>`);
      },
    },
  };
}
