import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A file of apps/web (Vitest runs there). */
const web = (path: string) => resolve(process.cwd(), path);

describe('the web manifest', () => {
  // Contract section 10: linked from index.html itself, so `pnpm start` (vite dev) has it too.
  it('is linked from index.html, not only by the production build', () => {
    const html = readFileSync(web('index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toMatch(/<meta name="theme-color" content="#0f0f3a" \/>/);
  });

  it('makes the app installable: standalone from /, with its icons in public/', () => {
    const manifest = JSON.parse(readFileSync(web('public/manifest.webmanifest'), 'utf8')) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest.name).toBe('Trailer Club');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe('#0f0f3a');
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons)
      expect(existsSync(web(`public${icon.src}`)), icon.src).toBe(true);
  });
});
