import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** Seeded by e2e/start-api.sh (ADMIN_PHONE / ADMIN_PASSWORD). */
export const ADMIN_PHONE = process.env.E2E_ADMIN_PHONE ?? '+998900000001';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-password';

/** A phone nobody has used: +998 and nine digits from the clock and chance. */
export function uniquePhone(): string {
  const digits =
    `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 1000)}`.padStart(3, '0');
  return `+998${digits}`;
}

export async function signIn(page: Page, phone: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Members land on their home, operators on the console.
  await expect(page).toHaveURL(/\/(admin)?$/);
}

export async function signOut(page: Page) {
  await page.goto('/mine');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The app defaults to Russian; the tests read English labels. */
export function inEnglish() {
  test.beforeEach(async ({ page }) => {
    // Init scripts run in every frame; an embedded player's frame has no storage of ours.
    await page.addInitScript(() => {
      // Only as the first choice: a test that picks another language keeps it (readIn below).
      if (window === window.top && !localStorage.getItem('lang'))
        localStorage.setItem('lang', 'en');
    });
  });
}

/** Reads the app in `language` from now on (the choice survives reloads and navigation). */
export async function readIn(page: Page, language: 'ru' | 'en' | 'uz') {
  await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
  await page.reload();
}

/** Signs in through the API (no browser): the member's token pair. */
export async function apiLogin(request: APIRequestContext, phone: string, password: string) {
  const response = await request.post('/api/token', { form: { username: phone, password } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

/** The Authorization header of a member signed in through the API. */
export async function bearer(request: APIRequestContext, phone: string, password: string) {
  return { Authorization: `Bearer ${(await apiLogin(request, phone, password)).access_token}` };
}

/**
 * The second admin e2e/start-api.sh seeds: the second pair of eyes on a
 * raise of members' pay or a staff change.
 */
export async function secondAdmin(request: APIRequestContext) {
  return bearer(
    request,
    process.env.E2E_SECOND_ADMIN_PHONE ?? '+998900000002',
    process.env.E2E_SECOND_ADMIN_PASSWORD ?? 'second-admin-e2e-password',
  );
}

/** VIP 1's price, as /packages says. */
export async function vip1Price(request: APIRequestContext) {
  const packages = (await (await request.get('/api/packages')).json()) as {
    vip_level: number;
    price: number;
  }[];
  return packages.find((tier) => tier.vip_level === 1)!.price;
}

/**
 * The operator credits a member's E-Wallet; above ADJUST_APPROVAL_THRESHOLD the
 * credit waits for a second operator, who approves it here.
 */
export async function operatorCredit(
  request: APIRequestContext,
  userId: number,
  amount: number,
  reason: string,
) {
  const credit = await request.post(`/api/admin/users/${userId}/adjust`, {
    headers: await bearer(request, ADMIN_PHONE, ADMIN_PASSWORD),
    data: { account: 'money', amount, reason },
  });
  expect(credit.status()).toBe(200);
  const answer = (await credit.json()) as { status: string; request_id: number | null };
  if (answer.status === 'pending_approval') {
    const approved = await request.post(`/api/admin/adjustments/${answer.request_id}/approve`, {
      headers: await secondAdmin(request),
    });
    expect(approved.status()).toBe(200);
  }
}

/** The member buys VIP 1 from the E-Wallet. */
export async function buyVip1(request: APIRequestContext, phone: string, password: string) {
  const bought = await request.post('/api/balance/buy_vip', {
    headers: await bearer(request, phone, password),
    data: { vip_level: 1 },
  });
  expect(bought.status()).toBe(200);
}

/**
 * A member who may invite (VIP 1 and above invite): registered through the API,
 * funded by the operator with VIP 1's price, VIP 1 bought (the E-Wallet is back at 0).
 */
export async function vip1Inviter(request: APIRequestContext, password = 'member-pass') {
  const phone = uniquePhone();
  const registered = await request.post('/api/users', {
    data: { email: phone, password, invite_code: 0 },
  });
  expect(registered.status()).toBe(200);
  const { id } = (await registered.json()) as { id: number };
  await operatorCredit(request, id, await vip1Price(request), 'e2e inviter at VIP 1');
  await buyVip1(request, phone, password);
  return { id, phone };
}

/** Gives every economy change waiting for a second admin that admin's approval. */
export async function approveEconomyChanges(
  request: APIRequestContext,
  second: Record<string, string>,
) {
  const waiting = await request.get('/api/admin/economy/changes?status=pending', {
    headers: second,
  });
  for (const change of (await waiting.json()) as { id: number }[]) {
    const approved = await request.post(`/api/admin/economy/changes/${change.id}/approve`, {
      headers: second,
    });
    expect(approved.status()).toBe(200);
  }
}

/**
 * What axe-core finds on the current screen, one line per rule broken (its
 * impact, and the first elements at fault). Every rule of axe's default set
 * counts: WCAG 2.x A and AA and the best practices.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) =>
      `axe ${violation.impact ?? ''} ${violation.id}: ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}
