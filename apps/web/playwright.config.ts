import { defineConfig } from '@playwright/test';

const API_PORT = Number(process.env.E2E_API_PORT ?? 3101);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 4173);

/**
 * Member journeys in real Chromium against the real API and a production
 * build of the web app served by `vite preview` (which proxies /api).
 */
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${WEB_PORT}`,
    viewport: { width: 390, height: 844 },
    headless: true,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: false,
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: [
    {
      command: 'bash e2e/start-api.sh',
      url: `http://127.0.0.1:${API_PORT}/health`,
      env: {
        DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/app_e2e',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/2',
        API_PORT: String(API_PORT),
      },
      timeout: 120_000,
      reuseExistingServer: !process.env.CI,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // E2E_PREBUILT=1: dist/ is this tree's build already (pnpm test's "web build" step just made it).
      command:
        process.env.E2E_PREBUILT === '1'
          ? 'pnpm exec vite preview'
          : 'pnpm exec vite build && pnpm exec vite preview',
      url: `http://127.0.0.1:${WEB_PORT}`,
      env: { WEB_PORT: String(WEB_PORT), API_PORT: String(API_PORT) },
      timeout: 180_000,
      reuseExistingServer: !process.env.CI,
    },
  ],
});
