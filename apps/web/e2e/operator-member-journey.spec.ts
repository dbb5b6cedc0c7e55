import { expect, test, type Page } from '@playwright/test';

/** Seeded by e2e/start-api.sh (ADMIN_PHONE / ADMIN_PASSWORD). */
const ADMIN_PHONE = process.env.E2E_ADMIN_PHONE ?? '+998900000001';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-password';

/** A phone nobody has used: +998 and nine digits from the clock and chance. */
function uniquePhone(): string {
  const digits =
    `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 1000)}`.padStart(3, '0');
  return `+998${digits}`;
}

async function signIn(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signOut(page: Page) {
  await page.goto('/mine');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.beforeEach(async ({ page }) => {
  // The app defaults to Russian; the test reads English labels.
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
});

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

  // The operator reaches /admin from the dashboard and credits 100 USDT.
  await signIn(page, ADMIN_PHONE, ADMIN_PASSWORD);
  await page.goto('/mine');
  await page.getByRole('link', { name: 'Operator' }).click();
  await expect(page).toHaveURL(/\/admin$/);
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
  await expect(page.getByText('Transfer complete')).toBeVisible();
  await expect(page).toHaveURL(/\/mine$/, { timeout: 5_000 });

  // ...and buys VIP1 for 50, paid from the points.
  await page.getByRole('link', { name: 'Subscribe package' }).click();
  await expect(page).toHaveURL(/\/mine\/subscribe$/);
  await page.getByRole('radio', { name: 'VIP1' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
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
