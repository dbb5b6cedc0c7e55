import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { localeParts } from './locale-parts-plugin.ts';
import { preloadFirstScreen } from './preload-plugin.ts';

const port = Number(process.env.WEB_PORT ?? 5173);
const apiTarget =
  process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

// The API serves its routes at the root; the browser reaches them as /api/*.
const proxy = {
  '/api': {
    target: apiTarget,
    changeOrigin: true,
    rewrite: (path: string) => path.replace(/^\/api/, '') || '/',
  },
};

/** The signed-in pages' layout and table, a chunk of its own like the pages. */
const SHELL = 'app/signed-in-routes.tsx';
const SIGNED_OUT: ['signed-out'] = ['signed-out'];
const MEMBER: ['signed-out', 'member'] = ['signed-out', 'member'];

/**
 * React Router's package exports its development build (dev warnings and
 * their texts kept) under every condition; the production build sits beside
 * it. The client build takes that one: less script on /login (issue 41).
 */
function reactRouterProduction() {
  const fromDom = createRequire(import.meta.resolve('react-router-dom'));
  const root = dirname(fromDom.resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(root, 'dist/production/dom-export.mjs') },
  ];
}

/** The service worker build (vite-plugin-pwa, injectManifest from sw/sw.ts). */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    manifest: false,
    injectRegister: false,
    registerType: 'prompt',
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,ico,png,svg,webmanifest}'],
    },
  });
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // The words the signed-out pages (sign-in, registration, recovery, the
    // support form) show: the first screen downloads only these parts of the
    // language file. The public /transparency page brings the member part
    // with its chunk (router.tsx): its words are 1 KB gzip of /login's budget.
    localeParts({
      signedOut: ['common', 'validation', 'errors', 'auth', 'support'],
    }),
    preloadFirstScreen({
      languages: ['ru', 'en', 'uz'],
      defaultLanguage: 'ru',
      pages: {
        '/login': { words: SIGNED_OUT, modules: ['features/auth/login-page.tsx'] },
        '/': { words: MEMBER, modules: [SHELL, 'features/home/home-page.tsx'] },
        '/films': { words: MEMBER, modules: [SHELL, 'features/films/films-page.tsx'] },
        '/moments': { words: MEMBER, modules: [SHELL, 'features/moments/moments-page.tsx'] },
        '/mine': { words: MEMBER, modules: [SHELL, 'features/account/mine-page.tsx'] },
      },
    }),
    // The service worker (sw/sw.ts) with the build's files to precache; the
    // manifest is a static file in public/ (linked in index.html, so that dev
    // has it too) and src/lib/pwa.ts registers the worker. Not under Vitest,
    // where the plugin keeps the language parts' modules from loading.
    ...(process.env.VITEST ? [] : [pwa()]),
  ],
  resolve: {
    alias: [
      // The package's main is a CommonJS build for Node; the browser uses the TS source.
      {
        find: '@app/domain',
        replacement: fileURLToPath(new URL('../../libs/domain/src/index.ts', import.meta.url)),
      },
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  server: { host: '127.0.0.1', port, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port, strictPort: true, proxy },
  build: { target: 'es2022', sourcemap: false },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
}));
