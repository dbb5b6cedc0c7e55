import { expect, test } from '@playwright/test';
import { apiLogin, uniquePhone, inEnglish, vip1Inviter } from './helpers';

inEnglish();

test('a member registers with an invite link, then signs in', async ({ page, request }) => {
  // The inviter must exist, at VIP 1 or above, for the invite code to be accepted.
  const { id: inviterId } = await vip1Inviter(request);

  const phone = uniquePhone();
  const password = 'member-pass';

  await page.goto(`/register?code=${inviterId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel('Invitation code')).toHaveValue(String(inviterId));
  await expect(page.getByLabel('Phone number')).toHaveValue('+');

  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Register' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have successfully registered');

  // The success modal leads to /login after 3 seconds.
  await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  // Titles, each possibly after a count badge (seeded messages make one).
  await expect(nav.getByRole('link')).toHaveText([
    /Home$/,
    /Films$/,
    /Invite$/,
    /Message$/,
    /Mine$/,
  ]);
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  // The session survives a reload (tokens in localStorage) and the invite was recorded.
  await page.reload();
  await expect(nav).toBeVisible();
  const tokens = await apiLogin(request, phone, password);
  const me = await request.get('/api/users/me', {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: phone, inviter_id: inviterId, vip_level: 0 });
});
