import { expect, test } from '@playwright/test';
import { apiLogin, uniquePhone } from './helpers';

test('a member reading Uzbek gets the seeded content in Uzbek, with Uzbek dates', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const password = 'member-pass';
  expect(
    (
      await request.post('/api/users', { data: { email: phone, password, invite_code: 0 } })
    ).status(),
  ).toBe(200);
  const tokens = await apiLogin(request, phone, password);
  // Signed in (the tokens where the app keeps them) and reading Uzbek (the choice under "lang").
  await page.addInitScript(
    ({ access, refresh }) => {
      if (window !== window.top) return;
      localStorage.setItem('tokens', JSON.stringify({ access, refresh }));
      localStorage.setItem('lang', 'uz');
    },
    { access: tokens.access_token, refresh: tokens.refresh_token },
  );
  const asked = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/messages');
  await page.goto('/message');
  expect((await asked).headers()['accept-language']).toBe('uz');
  await expect(page.getByText('Mukofotlar qanday ishlaydi')).toBeVisible();
  await expect(page.getByText('How rewards work')).toHaveCount(0);
  // Not Chromium's "2026 M11 25": the app writes Uzbek dates itself.
  const date = await page.locator('time').first().innerText();
  expect(date).toMatch(
    /^\d{1,2}-(yanvar|fevral|mart|aprel|may|iyun|iyul|avgust|sentabr|oktabr|noyabr|dekabr), \d{4}, \d{2}:\d{2}$/,
  );
  await page.goto('/films');
  await expect(page.getByText('Tungi bandargoh').first()).toBeVisible();
});
