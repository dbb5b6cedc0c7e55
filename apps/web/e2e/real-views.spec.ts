import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_PHONE, bearer, inEnglish, signIn, uniquePhone } from './helpers';
import { standInForYouTube } from './youtube-stand-in';

inEnglish();

/** A member at level 1 (0.5 USDT a trailer), credited and bought through the API. */
async function levelOneMember(request: APIRequestContext) {
  const phone = uniquePhone();
  const password = 'member-pass';
  const registered = await request.post('/api/users', {
    data: { email: phone, password, invite_code: 0 },
  });
  expect(registered.status()).toBe(200);
  const { id } = (await registered.json()) as { id: number };
  const admin = await bearer(request, ADMIN_PHONE, ADMIN_PASSWORD);
  const credit = await request.post(`/api/admin/users/${id}/adjust`, {
    headers: admin,
    data: { account: 'money', amount: 50, reason: 'real views journey' },
  });
  expect(credit.status()).toBe(200);
  const auth = await bearer(request, phone, password);
  const bought = await request.post('/api/balance/buy_vip', {
    headers: auth,
    data: { vip_level: 1 },
  });
  expect(bought.status()).toBe(200);
  const trailers = (await (await request.get('/api/trailers', { headers: auth })).json()) as {
    id: number;
  }[];
  expect(trailers.length).toBeGreaterThan(0);
  const money = async () =>
    ((await (await request.get('/api/users/me', { headers: auth })).json()) as { money: number })
      .money;
  return { phone, password, trailer: trailers[0].id, money };
}

test('a trailer played in Chromium pays after 10 s of play', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await levelOneMember(request);
  await standInForYouTube(page);
  const beats: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/trailers\/\d+\/views\/[^/]+\/beat$/.test(sent.url()))
      beats.push((sent.postDataJSON() as { state: string }).state);
  });
  await signIn(page, member.phone, member.password);
  const opened = Date.now();
  await page.goto(`/films/${member.trailer}`);
  const counted = page.getByRole('dialog', { name: 'View counted' });
  await expect(counted).toContainText('+0.50 USDT', { timeout: 30_000 });
  // Not before the server saw 10 s of play.
  expect(Date.now() - opened).toBeGreaterThanOrEqual(10_000);
  expect(beats).toContain('playing');
  expect(await member.money()).toBe(0.5);
});

test('the same trailer in a background tab pays nothing', async ({ context, page, request }) => {
  test.setTimeout(90_000);
  const member = await levelOneMember(request);
  await standInForYouTube(page);
  // A tab in the background is a hidden page (document.visibilityState): this
  // one is told so from its first moment, and another tab is in front of it.
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { get: () => true });
  });
  const beats: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/trailers\/\d+\/views\/[^/]+\/beat$/.test(sent.url()))
      beats.push((sent.postDataJSON() as { state: string }).state);
  });
  await signIn(page, member.phone, member.password);
  await page.goto(`/films/${member.trailer}`);
  const front = await context.newPage();
  await front.goto('/about');
  await front.bringToFront();

  // The player plays in the hidden tab; its beats say hidden, and the server counts none of it.
  await expect.poll(() => beats.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await page.waitForTimeout(15_000);
  expect(new Set(beats)).toEqual(new Set(['hidden']));
  // The stand-in did play (the page had a player): hidden time is what went unpaid.
  expect(await page.evaluate(() => 'YT' in window)).toBe(true);
  await expect(page.getByRole('dialog', { name: 'View counted' })).toHaveCount(0);
  expect(await member.money()).toBe(0);
  await front.close();
});
