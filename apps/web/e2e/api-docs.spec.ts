import { expect, test } from '@playwright/test';

const API_PORT = Number(process.env.E2E_API_PORT ?? 3101);

// The API's Content-Security-Policy (helmet) must leave its own Swagger UI
// working: integrators read and try the API there.
test('Swagger UI renders and runs a call under the API security headers', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  // A deep link (#/<tag>/<operationId>) scrolls to the operation and opens it: Swagger UI
  // 5.33 renders only the operations near the viewport, so one far down the list is
  // there only once it has been brought into view.
  const response = await page.goto(`http://127.0.0.1:${API_PORT}/docs#/content/listPackages`);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");

  // By operation id (Swagger UI's block id is operations-<tag>-<operationId>):
  // a path text would also match the operators' /admin/packages/{level}.
  const packages = page.locator('.opblock[id$="-listPackages"]');
  await expect(packages).toBeVisible();
  await expect(packages).toHaveClass(/is-open/);
  // The whole document was read, not just the first screenful.
  const operations = await page.evaluate(
    () =>
      (
        window as unknown as { ui: { specSelectors: { operations(): { size: number } } } }
      ).ui.specSelectors.operations().size,
  );
  expect(operations).toBeGreaterThan(20);

  // Try it out: the UI's own fetch to the API is allowed by connect-src.
  await packages.getByRole('button', { name: 'Try it out' }).click();
  await packages.getByRole('button', { name: 'Execute' }).click();
  await expect(
    packages.locator('.live-responses-table tbody .response-col_status').first(),
  ).toHaveText('200');
  expect(violations).toEqual([]);
});
