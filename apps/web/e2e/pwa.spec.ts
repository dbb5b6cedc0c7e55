import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_PHONE, bearer, inEnglish, signIn, uniquePhone } from './helpers';

inEnglish();

/** A member with 12.34 USDT on the E-Wallet, signed in on `page`. */
async function fundedMember(page: Page, request: APIRequestContext) {
  const phone = uniquePhone();
  const created = await request.post('/api/users', {
    data: { email: phone, password: 'member-pass', invite_code: 0 },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const admin = await bearer(request, ADMIN_PHONE, ADMIN_PASSWORD);
  const credit = await request.post(`/api/admin/users/${id}/adjust`, {
    headers: admin,
    data: { account: 'money', amount: 12.34, reason: 'e2e pwa credit' },
  });
  expect(credit.status()).toBe(200);
  await signIn(page, phone, 'member-pass');
}

/** Waits until the service worker controls the page (it claims it on first install). */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

test('installable: the manifest is read, the service worker registers and controls', async ({
  page,
}) => {
  await page.goto('/login');
  await controlled(page);
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as {
    display: string;
    start_url: string;
    theme_color: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(parsed.display).toBe('standalone');
  expect(parsed.start_url).toBe('/');
  expect(parsed.theme_color).toBe('#0f0f3a');
  expect(parsed.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  expect(parsed.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  // Chromium's own verdict: nothing keeps the app from being installed.
  // (Playwright's contexts are incognito windows, where Chromium never installs.)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  // Every icon the manifest names is served.
  for (const icon of ['/pwa-192x192.png', '/pwa-512x512.png', '/maskable-icon-512x512.png']) {
    const response = await page.request.get(icon);
    expect(response.status(), icon).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
  }
});

test('offline: a reload shows the shell, the banner and the last data; sign-out clears it', async ({
  page,
  context,
  request,
}) => {
  await fundedMember(page, request);
  await controlled(page);
  // Read once through the worker: it keeps the answers.
  await page.goto('/mine');
  await expect(page.getByTestId('balance-money')).toHaveText('12.34');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText(
    'You are offline: this screen shows what was saved on this device.',
  );
  await expect(page.getByTestId('balance-money')).toHaveText('12.34');
  // Another screen of the shell opens too (its chunk is precached).
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  expect(await page.evaluate(() => caches.has('api-v1'))).toBe(true);
  await page.goto('/mine');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Nothing of this member is left for the next one on this device.
  expect(await page.evaluate(() => caches.has('api-v1'))).toBe(false);
});

test('a new version waiting is announced, and Reload switches to it', async ({ page }) => {
  await page.goto('/login');
  await controlled(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // A new build: another worker script for the same scope (what a deploy
  // does with new bytes at the same URL), installed beside the running one.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?build=next', { scope: '/' });
  });
  const prompt = page.getByRole('alert').filter({ hasText: 'A new version is ready.' });
  await expect(prompt).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  // The waiting version took over the reloaded page. (The page then registers
  // /sw.js again, a "newer" script URL for this test's sake, so the prompt may
  // come back here; a real deploy keeps one URL.)
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
    .toMatch(/\/sw\.js\?build=next$/);
  expect(first).toMatch(/\/sw\.js$/);
});
