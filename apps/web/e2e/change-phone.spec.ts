import { expect, test } from '@playwright/test';
import { uniquePhone, signIn, inEnglish } from './helpers';

inEnglish();

test('a member changes the phone with the current password, then signs in with the new one', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const password = 'member-pass';
  const registered = await request.post('/api/users', {
    data: { email: phone, password, invite_code: 0 },
  });
  expect(registered.status()).toBe(200);

  await signIn(page, phone, password);
  await page.goto('/mine/safety');
  await page.getByRole('link', { name: 'Phone number' }).click();
  await expect(page).toHaveURL(/\/mine\/safety\/phone$/);
  await expect(page.getByLabel('Current phone')).toHaveValue(phone);

  const newPhone = uniquePhone();
  await page.getByLabel('New phone').fill(newPhone);
  const current = page.getByLabel('Current login password');
  await expect(current).toHaveAttribute('type', 'password');

  // A wrong password is refused by the API and shown under the field; nothing changes.
  await current.fill('not-my-password');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect password');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/mine\/safety\/phone$/);

  await current.fill(password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(current).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Every login ended: back to /login, where only the new phone works.
  await expect(page).toHaveURL(/\/login$/);
  const old = await request.post('/api/token', { form: { username: phone, password } });
  expect(old.status()).toBe(401);
  await signIn(page, newPhone, password);
});
