import { expect, test } from '@playwright/test';
import { apiLogin, inEnglish, signIn, uniquePhone } from './helpers';

const TRON = `http://127.0.0.1:${process.env.E2E_TRON_PORT ?? 8191}`;

inEnglish();

test('/mine shows a deposit credited by the worker without a reload, and the statement accounts for it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const phone = uniquePhone();
  const password = 'member-pass';
  expect(
    (
      await request.post('/api/users', { data: { email: phone, password, invite_code: 0 } })
    ).status(),
  ).toBe(200);
  const tokens = await apiLogin(request, phone, password);
  const address = (
    (await (
      await request.get('/api/deposit/address', {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      })
    ).json()) as { address: string }
  ).address;

  // The event stream opens (through vite preview's /api proxy) once signed in.
  // (After its one-use ticket: POST /api/users/me/events/ticket.)
  const stream = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/users/me/events',
  );
  await signIn(page, phone, password);
  expect((await stream).status()).toBe(200);
  expect((await stream).headers()['content-type']).toContain('text/event-stream');
  await page.goto('/mine');
  await expect(page.getByTestId('balance-money')).toHaveText('0.00');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  const paid = await request.post(`${TRON}/_stub/usdt/transfer`, {
    data: { to: address, amount: '25000000' },
  });
  expect(paid.ok()).toBe(true);
  await expect(page.getByTestId('balance-money')).toHaveText('25.00', { timeout: 30_000 });
  expect(
    await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
  ).toBe(true);

  // The balance opens its account's statement, which ends at the same figure.
  await page.getByRole('link', { name: /25\.00\s*E-Wallet/ }).click();
  await expect(page).toHaveURL(/\/mine\/statement\?account=money$/);
  const row = page.getByTestId('statement-row').first();
  await expect(row).toContainText('Deposit');
  await expect(row).toContainText('+25.00 USDT');
  await expect(row.getByTestId('statement-balance-after')).toHaveText('Balance 25.00');
});
