import { expect, test } from '@playwright/test';
import { inEnglish, signIn, uniquePhone } from './helpers';

inEnglish();

// A real JPEG (4x4), so the server's re-encoding has something to decode.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAAEAAQBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

test('a member posts a moment with a photo, another likes it and finds it by ID, the author deletes it', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const password = 'member-pass';
  const authorPhone = uniquePhone();
  const author = await (
    await request.post('/api/users', { data: { email: authorPhone, password, invite_code: 0 } })
  ).json();
  const fanPhone = uniquePhone();
  await request.post('/api/users', { data: { email: fanPhone, password, invite_code: 0 } });

  await signIn(page, authorPhone, password);
  await page.goto('/moments');
  await page.getByRole('button', { name: 'Post' }).click();
  await page.getByRole('button', { name: 'Picture text' }).click();
  const text = `Sunset ${authorPhone.slice(-4)}`;
  await page.getByLabel('What is new?').fill(text);
  await expect(page.getByText(`${text.length}/500`)).toBeVisible();
  await page
    .getByLabel('Photos (up to 9)')
    .setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page).toHaveURL(/\/moments$/);
  const mine = page.getByTestId('moment').filter({ hasText: text });
  await expect(mine.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect
    .poll(() =>
      mine
        .getByRole('img', { name: 'Photo 1' })
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);

  const fan = await browser.newPage();
  await fan.addInitScript(() => localStorage.setItem('lang', 'en'));
  await signIn(fan, fanPhone, password);
  await fan.goto('/moments');
  await fan.getByRole('button', { name: 'Search by ID' }).click();
  await fan.getByLabel('Member ID').fill(String(author.id));
  await fan.getByRole('dialog').getByRole('button', { name: 'Search by ID' }).click();
  const found = fan.getByTestId('moment').filter({ hasText: text });
  await expect(found).toBeVisible();
  await found.getByRole('button', { name: '♥ 0' }).click();
  await expect(found.getByRole('button', { name: '♥ 1' })).toHaveAttribute('aria-pressed', 'true');

  await page.reload();
  await expect(mine.getByRole('button', { name: '♥ 1' })).toBeVisible();
  await mine.getByRole('button', { name: 'Delete' }).click();
  await mine.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByTestId('moment').filter({ hasText: text })).toHaveCount(0);
});
