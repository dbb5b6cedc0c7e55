import { expect, test, type Page } from '@playwright/test';
import { inEnglish, signIn, uniquePhone } from './helpers';

inEnglish();
// The routes below stand for the network: the service worker would answer
// the chunks from its precache before they reach it.
test.use({ serviceWorkers: 'block' });

async function signedInMember(page: Page) {
  const phone = uniquePhone();
  const created = await page.request.post('/api/users', {
    data: { email: phone, password: 'member-pass', invite_code: 0 },
  });
  expect(created.status()).toBe(200);
  await signIn(page, phone, 'member-pass');
}

/**
 * Drops the films screen's chunk the first `times` times it is asked for (a
 * phone's network losing the request). Each try asks twice: the build's
 * modulepreload link, then the import.
 */
async function dropFilmsChunk(page: Page, times: number) {
  let dropped = 0;
  await page.route(/\/assets\/films-page-[\w-]+\.js$/, async (route) => {
    if (dropped < times) {
      dropped++;
      await route.abort('failed');
    } else {
      await route.continue();
    }
  });
  return () => dropped;
}

test('a screen whose chunk was lost once is fetched again and shown', async ({ page }) => {
  await signedInMember(page);
  // The whole first try: its preload and its import.
  const dropped = await dropFilmsChunk(page, 2);
  await page.goto('/films');
  await expect(page.getByRole('heading', { level: 1, name: 'Short films' })).toBeVisible();
  expect(dropped()).toBe(2);
  await expect(page.getByText('This screen did not load')).toHaveCount(0);
});

test('a screen whose chunk never arrives says so and offers Reload', async ({ page }) => {
  await signedInMember(page);
  const dropped = await dropFilmsChunk(page, Number.MAX_SAFE_INTEGER);
  await page.goto('/films');
  await expect(
    page.getByRole('heading', { level: 1, name: 'This screen did not load' }),
  ).toBeVisible();
  // The first try (its preload and its import) and the two after it.
  expect(dropped()).toBe(4);
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Short films' })).toBeVisible();
});
