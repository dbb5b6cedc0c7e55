import type { Plugin } from 'vite';

/**
 * The first screen needs three things the entry chunk only asks for once it
 * runs: the words of the member's language, the page's own chunk and that
 * chunk's imports. A few lines in index.html ask for them at once, in
 * parallel with the entry (one round trip instead of three on a phone).
 *
 * `pages` maps a path to the modules the router loads for it (its layout when
 * that is a chunk too, then the page); the language comes from localStorage
 * like lib/i18n.ts reads it.
 */
export function preloadFirstScreen(options: {
  pages: Record<string, string[]>;
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
        // A chunk and the chunks it imports statically, as URLs.
        const withImports = (module: string): string[] => {
          const chunk = chunkOf(module);
          if (!chunk || chunk.type !== 'chunk') return [];
          return [chunk.fileName, ...chunk.imports].map((file) => `/${file}`);
        };
        const languages: Record<string, string[]> = {};
        for (const lang of ['ru', 'en', 'uz'])
          languages[lang] = withImports(`locales/${lang}.json`);
        const pages: Record<string, string[]> = {};
        for (const [path, modules] of Object.entries(options.pages))
          pages[path] = [...new Set(modules.flatMap(withImports))];
        const script = `(function(){var l=${JSON.stringify(languages)},p=${JSON.stringify(pages)},c;try{c=localStorage.getItem('lang')}catch(e){}var u=(l[c]||l[${JSON.stringify(options.defaultLanguage)}]).concat(p[location.pathname]||[]);u.forEach(function(h){var k=document.createElement('link');k.rel='modulepreload';k.href=h;document.head.appendChild(k)})})()`;
        return html.replace('</head>', `<script>${script}</script></head>`);
      },
    },
  };
}
