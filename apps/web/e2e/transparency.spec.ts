import { expect, test } from '@playwright/test';
import { axeViolations, signIn, uniquePhone } from './helpers';

/** What /transparency says first in each language (its title), and the runway's label. */
const WORDS = {
  en: { title: 'The club’s money', runway: 'The club can pay for' },
  ru: { title: 'Деньги клуба', runway: 'Клуб может платить' },
  uz: { title: 'Klub puli', runway: 'Klub toʻlay oladi' },
} as const;

/**
 * Issue 37: the club's money in public, read signed out on a 320 px phone in
 * Russian, English and Uzbek: the figures and the chart are there, nothing is
 * wider than the screen, no word is cut, and axe-core finds nothing.
 */
for (const lang of ['ru', 'en', 'uz'] as const) {
  test(`/transparency reads at 320 px in ${lang}, signed out`, async ({ page }) => {
    await page.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
    await page.setViewportSize({ width: 320, height: 640 });
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/transparency') && response.status() === 200,
    );
    await page.goto('/transparency');
    const body = (await (await answer).json()) as {
      payouts_30d: { total: number };
      payouts_daily: unknown[];
    };
    expect(body.payouts_daily).toHaveLength(30);

    await expect(page.getByRole('heading', { level: 1, name: WORDS[lang].title })).toBeVisible();
    await expect(page).toHaveURL(/\/transparency$/);
    for (const id of [
      'transparency-liabilities',
      'transparency-surplus',
      'transparency-payouts',
      'transparency-obligations',
    ]) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await expect(page.getByTestId('transparency-runway')).toContainText(WORDS[lang].runway);
    // The chart of the last 30 days, drawn by recharts into the page's width.
    const chart = page.locator('.chart[role="img"]');
    await expect(chart).toBeVisible();
    // The plot's own surface (the legend draws one small surface per series beside it).
    await expect(chart.locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
    const chartBox = await chart.boundingBox();
    expect(chartBox!.width).toBeLessThanOrEqual(320);

    // Nothing wider than the screen; no word broken across two lines.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        if (!node.parentElement || node.parentElement.closest('svg')) continue;
        for (const match of text.matchAll(/[^\s\-\u2010-\u2015/|]+/gu)) {
          if (match[0].length < 2 || match[0].length >= 20) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (lines.size > 1) found.push(match[0]);
        }
      }
      return found;
    });
    expect(broken).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('/about links to /transparency in its footer', async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const phone = uniquePhone();
  const registered = await request.post('/api/users', {
    data: { email: phone, password: 'member-pass', invite_code: 0 },
  });
  expect(registered.status()).toBe(200);
  await signIn(page, phone, 'member-pass');
  await page.goto('/about');
  await page.getByRole('link', { name: 'Where the club’s money comes from' }).click();
  await expect(page).toHaveURL(/\/transparency$/);
  await expect(page.getByTestId('transparency-liabilities')).toBeVisible();
});
