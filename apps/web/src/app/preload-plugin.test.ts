import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { localePartId } from '../../locale-parts-plugin.ts';
import { preloadFirstScreen } from '../../preload-plugin.ts';

/** A build's chunk as the plugin reads it: its file, its module and its static imports. */
const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
});

function indexHtml(bundle: Record<string, ReturnType<typeof chunk>>): string {
  const plugin = preloadFirstScreen({
    languages: ['ru'],
    defaultLanguage: 'ru',
    pages: { '/login': { words: ['signed-out'], modules: ['features/auth/login-page.tsx'] } },
  });
  const { handler } = plugin.transformIndexHtml as {
    handler: (html: string, context: IndexHtmlTransformContext) => string;
  };
  return handler('<html><head></head></html>', {
    bundle,
  } as unknown as IndexHtmlTransformContext);
}

describe('preloadFirstScreen', () => {
  it("asks at once for a page's chunk and every chunk under it, not only its direct imports", () => {
    const html = indexHtml({
      'assets/ru-signed-out.js': chunk('assets/ru-signed-out.js', localePartId('ru', 'signed-out')),
      'assets/ru-member.js': chunk('assets/ru-member.js', localePartId('ru', 'member')),
      'assets/login-page.js': chunk('assets/login-page.js', '/src/features/auth/login-page.tsx', [
        'assets/language-select.js',
      ]),
      // Imported by the page's import only: without it the page waits one more round trip.
      'assets/language-select.js': chunk('assets/language-select.js', null, ['assets/dropdown.js']),
      'assets/dropdown.js': chunk('assets/dropdown.js', null, ['assets/language-select.js']),
    });
    const [, pages] = /p=(\{.*?\}\}),c/.exec(html) ?? [];
    expect(JSON.parse(pages!)).toEqual({
      '/login': {
        w: ['signed-out'],
        f: ['/assets/login-page.js', '/assets/language-select.js', '/assets/dropdown.js'],
      },
    });
  });
});
