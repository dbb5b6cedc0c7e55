import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preloadFirstScreen } from './preload-plugin';

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

export default defineConfig({
  plugins: [
    react(),
    preloadFirstScreen({
      defaultLanguage: 'ru',
      pages: {
        '/login': ['features/auth/login-page.tsx'],
        '/': [SHELL, 'features/home/home-page.tsx'],
        '/films': [SHELL, 'features/films/films-page.tsx'],
        '/moments': [SHELL, 'features/moments/moments-page.tsx'],
        '/mine': [SHELL, 'features/account/mine-page.tsx'],
      },
    }),
  ],
  resolve: {
    alias: {
      // The package's main is a CommonJS build for Node; the browser uses the TS source.
      '@app/domain': fileURLToPath(new URL('../../libs/domain/src/index.ts', import.meta.url)),
    },
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
});
