import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_PHONE, bearer, inEnglish, signIn, uniquePhone } from './helpers';

const TRON = `http://127.0.0.1:${process.env.E2E_TRON_PORT ?? 8191}`;

inEnglish();

test('an operator publishes a proof of liabilities; the member sees their parts in it, checked in the browser against their statement', async ({
  browser,
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
  const member = await bearer(request, phone, password);

  // 25 USDT paid on chain to the member's deposit address, credited by the worker.
  const { address } = (await (
    await request.get('/api/deposit/address', { headers: member })
  ).json()) as { address: string };
  const paid = await request.post(`${TRON}/_stub/usdt/transfer`, {
    data: { to: address, amount: '25000000' },
  });
  expect(paid.ok()).toBe(true);
  await expect(async () => {
    const me = (await (await request.get('/api/users/me', { headers: member })).json()) as {
      money: number;
    };
    expect(me.money).toBe(25);
  }).toPass({ timeout: 30_000 });

  // The operator publishes a snapshot from the money page.
  const operator = await browser.newPage();
  await operator.addInitScript(() => localStorage.setItem('lang', 'en'));
  await signIn(operator, ADMIN_PHONE, ADMIN_PASSWORD);
  await operator.goto('/admin/money');
  const section = operator.getByRole('region', { name: 'Proof of liabilities' });
  await section.getByRole('button', { name: 'Publish now' }).click();
  await expect(section.getByText(/^Published: reserves read at block \d+$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(section.getByTestId('proof-covered')).toContainText(
    'Reserves cover member balances',
  );
  await operator.close();

  // The member opens Mine → Proof of funds: included, the paths checked in the browser and the
  // figures bound to the member's own statement.
  await signIn(page, phone, password);
  await page.goto('/mine');
  await page.getByRole('link', { name: 'Proof of funds' }).click();
  await expect(page.getByTestId('proof-verdict')).toHaveText(
    'Checked in your browser: your parts are in the published total, and they match your statement',
  );
  await expect(page.getByTestId('proof-summary')).toContainText(
    'Your 25.000000 USDT is included in the total of',
  );
  await expect(page.getByTestId('proof-parts').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('proof-reserves')).toContainText(
    /Reserves on chain: [\d.]+ USDT at block \d+\./,
  );
  await page.getByText('Addresses read on chain').click();
  await expect(page.getByText(address)).toBeVisible();
  // The club's money in public, one link away.
  await page.getByRole('link', { name: 'Where the club’s money comes from' }).click();
  await expect(page).toHaveURL(/\/transparency$/);
  await expect(page.getByTestId('transparency-liabilities')).toBeVisible();
});
