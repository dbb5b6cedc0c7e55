import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  ADMIN_PHONE,
  bearer,
  inEnglish,
  readIn,
  secondAdmin,
  signIn,
  uniquePhone,
} from './helpers';

/**
 * Issue 39, the console's part: four-eyes screens say a withdrawal waits,
 * operators land on the console, no page shows a raw value, and each
 * withdrawal's chain cost is listed with its energy.
 */

const TRON = `http://127.0.0.1:${process.env.E2E_TRON_PORT ?? 8191}`;

inEnglish();

/** Any of Uzbek's apostrophes (ʻ ʼ ‘ ’ '): the words are checked, not which mark a file uses. */
function loose(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/[ʻʼ‘’']/g, "[ʻʼ‘’']"));
}

/** Reads the console in another language: the choice the app keeps, then the page again. */
/**
 * A member with VIP1 and `usdt` paid on chain to their deposit address (the
 * scanner credits it), who asks to withdraw `amount` to the node's faucet.
 * Answers the withdrawal's id.
 */
async function withdrawalOf(request: APIRequestContext, usdt: number, amount: number) {
  const phone = uniquePhone();
  const password = 'member-pass';
  expect(
    (
      await request.post('/api/users', { data: { email: phone, password, invite_code: 0 } })
    ).status(),
  ).toBe(200);
  const member = await bearer(request, phone, password);
  const { address } = (await (
    await request.get('/api/deposit/address', { headers: member })
  ).json()) as { address: string };
  const paid = await request.post(`${TRON}/_stub/usdt/transfer`, {
    data: { to: address, amount: String(usdt * 1_000_000) },
  });
  expect(paid.ok()).toBe(true);
  await expect(async () => {
    const me = (await (await request.get('/api/users/me', { headers: member })).json()) as {
      money: number;
    };
    expect(me.money).toBe(usdt);
  }).toPass({ timeout: 30_000 });
  const bought = await request.post('/api/balance/buy_vip', {
    headers: member,
    data: { vip_level: 1 },
  });
  expect(bought.status()).toBe(200);
  const faucet = (
    (await (await request.post(`${TRON}/_stub/info`)).json()) as { faucet: { base58: string } }
  ).faucet.base58;
  const taken = await request.post('/api/balance/take', {
    headers: member,
    data: { wallet: faucet, amount },
  });
  expect(taken.status()).toBe(200);
  const recordId = ((await taken.json()) as { id: number }).id;
  const admin = await bearer(request, ADMIN_PHONE, ADMIN_PASSWORD);
  const requested = (await (
    await request.get('/api/admin/withdrawals?status=requested', { headers: admin })
  ).json()) as { id: number; record_id: number }[];
  const withdrawal = requested.find((w) => w.record_id === recordId);
  expect(withdrawal).toBeDefined();
  return withdrawal!.id;
}

test('the first approver of a four-eyes withdrawal is told it waits, in en, ru and uz', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // 1,100 USDT: above WITHDRAWAL_APPROVAL_THRESHOLD (1,000), so two operators must approve.
  const id = await withdrawalOf(request, 1200, 1100);
  await signIn(page, ADMIN_PHONE, ADMIN_PASSWORD);
  await page.goto('/admin/withdrawals');
  const rowOf = () => page.getByTestId('withdrawal').filter({ hasText: `#${id} · ` });
  const row = rowOf();
  await expect(row).toContainText('1100.00 USDT → 935.00');
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = row.getByRole('group', { name: 'Confirm' });
  await expect(confirm).toContainText(`Approve withdrawal #${id}: 935.00 USDT to`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByText(
      `Withdrawal #${id}: your approval is counted. It waits for a second operator to approve it; nothing is sent until then.`,
    ),
  ).toBeVisible();
  await expect(page.getByText('will be sent from the hot wallet')).toHaveCount(0);
  // Still requested, with this operator's approval: no second approval offered to them.
  await expect(row.getByTestId('you-approved')).toHaveText(
    'You approved it: another operator must give the next approval.',
  );
  await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await readIn(page, 'ru');
  await expect(rowOf().getByTestId('you-approved')).toHaveText(
    'Вы это одобрили: следующее одобрение должен дать другой оператор.',
  );
  await readIn(page, 'uz');
  await expect(rowOf().getByTestId('you-approved')).toHaveText(
    loose('Siz buni tasdiqladingiz: keyingi tasdiqni boshqa operator berishi kerak.'),
  );
  // Cleared: the second admin turns it down and the member gets the amount back.
  const rejected = await request.post(`/api/admin/withdrawals/${id}/reject`, {
    headers: await secondAdmin(request),
    data: { reason: 'e2e four-eyes check' },
  });
  expect(rejected.status()).toBe(200);
});

test('an operator signs in to the console, and reaches the member home from it', async ({
  page,
}) => {
  await signIn(page, ADMIN_PHONE, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('navigation', { name: 'Operator area' })).toBeVisible();
  await expect(page.getByTestId('dashboard-today')).toBeVisible();
  const home = { en: 'Member home', ru: 'Главная участника', uz: 'Aʼzo bosh sahifasi' };
  for (const language of ['ru', 'uz', 'en'] as const) {
    await readIn(page, language);
    await expect(page.getByTestId('member-home')).toHaveText(loose(home[language]));
  }
  await page.getByTestId('member-home').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('.bottom-nav')).toBeVisible();
});

test('no console page shows a raw enum or JSON, in en, ru and uz', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN_PHONE, ADMIN_PASSWORD);
  const memberId = await page.evaluate(async () => {
    const tokens = JSON.parse(localStorage.getItem('tokens') ?? '{}') as { access?: string };
    const response = await fetch('/api/admin/users?limit=1', {
      headers: { Authorization: `Bearer ${tokens.access}` },
    });
    return ((await response.json()) as { items: { id: number }[] }).items[0]?.id;
  });
  const routes = [
    '/admin',
    '/admin/members',
    ...(memberId ? [`/admin/members/${memberId}`] : []),
    '/admin/withdrawals',
    '/admin/money',
    '/admin/reviews',
    '/admin/economy',
    '/admin/messages',
    '/admin/content',
    '/admin/staff',
    '/admin/audit',
  ];
  const found: string[] = [];
  for (const language of ['en', 'ru', 'uz'] as const) {
    await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
    for (const path of routes) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // What a person reads: addresses and tx ids (code) aside.
      const text = await page.evaluate(() => {
        const copy = document.querySelector('main')!.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('code').forEach((node) => node.remove());
        return copy.innerText;
      });
      for (const raw of [/\b[a-z]+(?:_[a-z0-9]+)+\b/, /[{}]/]) {
        const hit = text.match(raw)?.[0];
        if (hit) found.push(`${language} ${path}: ${hit}`);
      }
      const options = await page
        .locator('option')
        .evaluateAll((list) =>
          (list as HTMLOptionElement[])
            .filter((o) => /^[a-z][a-z_]*$/.test(o.value) && o.textContent === o.value)
            .map((o) => o.value),
        );
      for (const option of options) found.push(`${language} ${path}: option ${option}`);
    }
  }
  expect(found).toEqual([]);
});

test("a withdrawal's chain cost is listed with its energy, and shown on its detail", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const id = await withdrawalOf(request, 100, 20);
  const approved = await request.post(`/api/admin/withdrawals/${id}/approve`, {
    headers: await bearer(request, ADMIN_PHONE, ADMIN_PASSWORD),
  });
  expect(approved.status()).toBe(200);
  const admin = await bearer(request, ADMIN_PHONE, ADMIN_PASSWORD);
  await expect(async () => {
    const w = (await (
      await request.get(`/api/admin/withdrawals/${id}`, { headers: admin })
    ).json()) as { status: string };
    expect(w.status).toBe('confirmed');
  }).toPass({ timeout: 45_000 });

  await signIn(page, ADMIN_PHONE, ADMIN_PASSWORD);
  await page.goto('/admin/money');
  const row = page.getByTestId('tron-transfer').filter({ hasText: `Withdrawal #${id}` });
  await expect(row).toBeVisible();
  const cost = row.getByTestId('chain-cost');
  await expect(cost).toContainText('Energy used');
  await expect(cost).toContainText('Burning TRX for that energy would have cost');
  const energy = await cost
    .getByText('Energy used')
    .locator('xpath=following-sibling::dd')
    .innerText();
  expect(Number(energy.replace(/\D/g, ''))).toBeGreaterThan(0);

  await row.getByRole('link', { name: `Withdrawal #${id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/withdrawals/${id}$`));
  await expect(page.getByTestId('withdrawal-detail')).toContainText('Confirmed');
  await expect(page.getByTestId('chain-cost')).toContainText('Energy used');
  await readIn(page, 'ru');
  await expect(page.getByTestId('chain-cost')).toContainText('Израсходовано энергии');
  await readIn(page, 'uz');
  await expect(page.getByTestId('chain-cost')).toContainText('Sarflangan energiya');
});
