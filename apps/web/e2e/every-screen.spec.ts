import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SIGNED_OUT_ROUTES, SPEC_ROUTES } from '../src/app/spec-routes';
import {
  ADMIN_PASSWORD,
  ADMIN_PHONE,
  approveEconomyChanges,
  bearer,
  inEnglish,
  secondAdmin,
  signIn,
  uniquePhone,
} from './helpers';

inEnglish();

async function register(request: APIRequestContext, phone: string, inviteCode = 0) {
  const response = await request.post('/api/users', {
    data: { email: phone, password: 'member-pass', invite_code: inviteCode },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** Every member route of the spec, with this run's film and message ids. */
const MEMBER_ROUTES = SPEC_ROUTES.filter((path) => !SIGNED_OUT_ROUTES.includes(path));

/**
 * What a phone at 320 px finds wrong on the current screen: a page wider than
 * the screen, and controls smaller than a 44 px touch target. Links inside a
 * sentence are exempt (WCAG 2.5.8), as are controls hidden or off screen.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=radio], [role=switch]',
    );
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden') continue;
      // A native radio or checkbox counts by its label, which is the target.
      const byLabel =
        control instanceof HTMLInputElement && ['radio', 'checkbox'].includes(control.type);
      const target = (byLabel && control.labels?.[0]?.getBoundingClientRect()) || box;
      const inline = control.tagName === 'A' && style.display === 'inline';
      if (inline) continue;
      if (target.height < 43.5 || target.width < 43.5) {
        const name =
          control.getAttribute('aria-label') ||
          control.textContent?.trim().slice(0, 30) ||
          control.getAttribute('name') ||
          control.tagName;
        problems.push(
          `${control.tagName.toLowerCase()} "${name}" is ${Math.round(target.width)}x${Math.round(target.height)}`,
        );
      }
    }
    return problems;
  });
}

test('a member completes and claims a challenge, then every screen opens clean at 320 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const inviterPhone = uniquePhone();
  const inviterId = await register(request, inviterPhone);
  const inviteePhone = uniquePhone();
  const inviteeId = await register(request, inviteePhone, inviterId);

  // The operator funds the invitee, who buys VIP1: the inviter's team goal is met.
  const admin = await bearer(request, ADMIN_PHONE, ADMIN_PASSWORD);
  const credit = await request.post(`/api/admin/users/${inviteeId}/adjust`, {
    headers: admin,
    data: { account: 'money', amount: 60, reason: 'e2e every-screen credit' },
  });
  expect(credit.status()).toBe(200);
  const invitee = await bearer(request, inviteePhone, 'member-pass');
  const bought = await request.post('/api/balance/buy_vip', {
    headers: invitee,
    data: { vip_level: 1 },
  });
  expect(bought.status()).toBe(200);
  const title = `Bring a VIP ${inviterPhone.slice(-4)}`;
  const challenge = await request.post('/api/admin/challenges', {
    headers: admin,
    data: {
      title,
      text: 'One invitee at VIP1 or above.',
      kind: 'team_vip1',
      goal: 1,
      reward: 7,
      starts_at: new Date(Date.now() - 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(challenge.status()).toBe(200);
  // A rewarded challenge raises members' pay: a second admin publishes it.
  await approveEconomyChanges(request, await secondAdmin(request, admin));
  const message = await request.post('/api/admin/messages', {
    headers: admin,
    data: {
      user_id: inviterId,
      title_ru: 'Hello',
      description_ru: 'A message for every screen.',
    },
  });
  expect(message.status()).toBe(200);
  const messageId = ((await message.json()) as { id: number }).id;
  const films = (await (await request.get('/api/trailers', { headers: invitee })).json()) as Array<{
    id: number;
  }>;
  expect(films.length).toBeGreaterThan(0);

  const consoleErrors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') consoleErrors.push(`${page.url()}: ${entry.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));

  // The challenge shows Completed and pays once; the money is on /mine.
  await signIn(page, inviterPhone, 'member-pass');
  await page.goto('/challenge');
  const card = page.getByTestId('challenge').filter({ hasText: title });
  await expect(card).toContainText('1 / 1');
  await card.getByRole('button', { name: 'Claim' }).click();
  await expect(card).toContainText('Completed');
  await expect(card.getByRole('button', { name: 'Claim' })).toHaveCount(0);
  await page.goto('/mine');
  await expect(page.getByRole('region', { name: 'Balances' })).toContainText('7.00E-Wallet');

  // Every member screen at the narrowest phone: its own screen, no overflow,
  // touch targets of 44 px, no console error.
  await page.setViewportSize({ width: 320, height: 640 });
  const problems: string[] = [];
  for (const route of MEMBER_ROUTES) {
    const path = route
      .replace(/^\/films\/\d+$/, `/films/${films[0].id}`)
      .replace(/^\/message\/\d+$/, `/message/${messageId}`);
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page, `${path} stays on its screen`).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator('h1, [role=heading][aria-level="1"]').first()).toBeVisible();
    for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`);
  }
  await page.context().clearCookies();
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) if (key !== 'lang') localStorage.removeItem(key);
  });
  for (const path of SIGNED_OUT_ROUTES) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page, `${path} stays on its screen`).toHaveURL(new RegExp(`${path}$`));
    for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`);
  }
  expect(problems).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
