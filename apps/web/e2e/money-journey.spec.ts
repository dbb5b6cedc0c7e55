import { expect, test } from '@playwright/test';
import { ADMIN_PHONE, ADMIN_PASSWORD, uniquePhone, signIn, inEnglish } from './helpers';

const TRON = `http://127.0.0.1:${process.env.E2E_TRON_PORT ?? 8191}`;

inEnglish();

test('a deposit on chain is credited on screen; a withdrawal is approved, sent and shown as success', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  const password = 'member-pass';
  expect(
    (
      await request.post('/api/users', { data: { email: phone, password, invite_code: 0 } })
    ).status(),
  ).toBe(200);

  // The member opens the USDT deposit page: their own address, with its QR code.
  await signIn(page, phone, password);
  await page.goto('/mine');
  await page.getByRole('link', { name: 'Recharge', exact: true }).click();
  await page.getByRole('link', { name: /USDT \(TRC-20\)/ }).click();
  await expect(page.getByAltText('QR code of your deposit address')).toBeVisible();
  const address = (await page.getByTestId('deposit-address').textContent())!.trim();
  expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);

  // Someone pays 100 USDT to it on the chain; nobody pastes a tx id.
  const paid = await request.post(`${TRON}/_stub/usdt/transfer`, {
    data: { to: address, amount: '100000000' },
  });
  expect(paid.ok()).toBe(true);
  const { txid } = (await paid.json()) as { txid: string };
  await page.goto('/mine/recharge-records');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('balance-record').first()).toContainText('Success', {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('balance-record').first()).toContainText('+100.00 USDT');
  await expect(page.getByTestId('balance-record').first()).toContainText(txid);

  // VIP1 (50 USDT) makes withdrawals possible.
  await page.goto('/mine/subscribe');
  await page.getByRole('radio', { name: 'VIP1' }).check();
  await page.getByRole('button', { name: 'Buy' }).click();
  await page
    .getByRole('dialog', { name: 'Buy VIP1?' })
    .getByRole('button', { name: 'Buy' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Package purchased' })).toContainText(
    'Paid from the E-Wallet.',
  );
  await expect(page).toHaveURL(/\/mine$/, { timeout: 10_000 });

  // The member asks to withdraw 20 USDT to an outside wallet (the node's faucet).
  const faucet = (
    (await (await request.post(`${TRON}/_stub/info`)).json()) as { faucet: { base58: string } }
  ).faucet.base58;
  // First a transaction password, then the wallet saved in the address book under it.
  await page.goto('/mine/safety');
  await page.getByRole('link', { name: 'Transaction password' }).click();
  await page.getByLabel('New transaction password').fill('pay-2026');
  await page.getByLabel('Confirm transaction password').fill('pay-2026');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/mine\/safety$/);
  await page.goto('/mine');
  await page.getByRole('link', { name: 'Withdrawal addresses' }).click();
  await page.getByRole('link', { name: 'Add address' }).click();
  await page.getByLabel('Wallet address').fill(faucet);
  await page.getByLabel('Label (optional)').fill('My exchange');
  await page.getByLabel('Transaction password', { exact: true }).fill('pay-2026');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByTestId('saved-address')).toContainText(faucet);

  await page.goto('/mine/withdrawal-method');
  await page.getByRole('link', { name: /USDT \(TRC-20\)/ }).click();
  await page.getByRole('button', { name: 'My exchange' }).click();
  await expect(page.getByLabel('Wallet address')).toHaveValue(faucet);
  await page.getByLabel('Amount (USDT)').fill('20');
  await page.getByLabel('Transaction password', { exact: true }).fill('wrong-pass');
  // Every withdrawal is shown whole first; it is sent on Send.
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await page
    .getByRole('dialog', { name: 'Send 17.00 USDT?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(page.getByText('Incorrect transaction password')).toBeVisible();
  await page.getByLabel('Transaction password', { exact: true }).fill('pay-2026');
  await expect(page.getByTestId('withdraw-net')).toHaveText('17.00 USDT');
  await page.getByRole('button', { name: 'Withdraw' }).click();
  await page
    .getByRole('dialog', { name: 'Send 17.00 USDT?' })
    .getByRole('button', { name: 'Send' })
    .click();
  await expect(page).toHaveURL(/\/mine$/, { timeout: 10_000 });

  // An operator approves it.
  const operator = await browser.newPage();
  await operator.addInitScript(() => localStorage.setItem('lang', 'en'));
  await signIn(operator, ADMIN_PHONE, ADMIN_PASSWORD);
  await operator.goto('/admin/money');
  const row = operator.getByTestId('withdrawal').filter({ hasText: faucet }).first();
  await expect(row).toContainText('20.00 USDT → 17.00');
  await row.getByRole('button', { name: 'Approve' }).click();
  await row
    .getByRole('group', { name: 'Confirm' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await expect(operator.getByText(/approved: it will be sent from the hot wallet/)).toBeVisible();

  // The worker sends it; the member sees it succeed with its tx id.
  await page.goto('/mine/withdrawal-history');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('balance-record').first()).toContainText('Success', {
      timeout: 1000,
    });
  }).toPass({ timeout: 45_000 });
  const record = page.getByTestId('balance-record').first();
  await expect(record).toContainText('-20.00 USDT');
  await expect(record).toContainText('Net 17.00');
  await expect(record).toContainText(/Tx [0-9a-f]{64}/);
});
