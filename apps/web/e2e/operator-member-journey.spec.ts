import { expect, test } from '@playwright/test';
import { ADMIN_PHONE, ADMIN_PASSWORD, uniquePhone, signIn, signOut, inEnglish } from './helpers';

inEnglish();

test('an operator credits a member, who transfers to points and buys VIP1', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const password = 'member-pass';
  const registered = await request.post('/api/users', {
    data: { email: phone, password, invite_code: 0 },
  });
  expect(registered.status()).toBe(200);
  const { id: memberId } = (await registered.json()) as { id: number };

  // The operator reaches the operator area from /mine and credits 100 USDT.
  await signIn(page, ADMIN_PHONE, ADMIN_PASSWORD);
  await page.goto('/mine');
  await page.getByRole('link', { name: 'Operator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Money' }).click();
  await expect(page.getByTestId('verdict-balanced')).toContainText('Yes');
  await page.getByLabel('Member ID').fill(String(memberId));
  await page.getByLabel('Amount (USDT)').fill('100');
  await page.getByLabel('Reason').fill('e2e welcome credit');
  await page.getByRole('button', { name: 'Review adjustment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the adjustment' });
  await expect(confirm).toContainText(`Credit 100.00 to the E-Wallet of member ${memberId}?`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('adjust-result')).toContainText(
    `Member ${memberId} now has E-Wallet 100.00, RegisterPoints 0.00.`,
  );
  await expect(page.getByTestId('audit-entry').first()).toContainText(`member ${memberId}`);
  await signOut(page);

  // The member moves 60 to points...
  await signIn(page, phone, password);
  await page.goto('/mine');
  await page.getByRole('link', { name: 'Transfer' }).click();
  await expect(page).toHaveURL(/\/mine\/transfer$/);
  await expect(page.getByTestId('transfer-available')).toHaveText('100.00 USDT');
  await page.getByLabel('Transfer quantity').fill('60');
  await page.getByRole('button', { name: 'Transfer to RegisterPoints' }).click();
  await page
    .getByRole('dialog', { name: 'Move to RegisterPoints?' })
    .getByRole('button', { name: 'Transfer to RegisterPoints' })
    .click();
  await expect(page.getByText('Transfer complete')).toBeVisible();
  await expect(page).toHaveURL(/\/mine$/, { timeout: 5_000 });

  // ...and buys VIP1 for 50, paid from the points.
  await page.getByRole('link', { name: 'Subscribe package' }).click();
  await expect(page).toHaveURL(/\/mine\/subscribe$/);
  await page.getByRole('radio', { name: 'VIP1' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
  await page
    .getByRole('dialog', { name: 'Buy VIP1?' })
    .getByRole('button', { name: 'Buy' })
    .click();
  const ok = page.getByRole('dialog', { name: 'Package purchased' });
  await expect(ok).toContainText('Paid from RegisterPoints.');
  await expect(page).toHaveURL(/\/mine$/, { timeout: 5_000 });

  const balances = page.getByRole('region', { name: 'Balances' });
  await expect(balances).toContainText('40.00E-Wallet');
  await expect(balances).toContainText('10.00RegisterPoints');
  await expect(page.getByText('VIP1', { exact: true })).toBeVisible();

  // The funding records show the operator's credit.
  await page.getByRole('link', { name: 'Funding details' }).click();
  await expect(page.getByTestId('balance-record').first()).toContainText('+100.00 USDT');
});
