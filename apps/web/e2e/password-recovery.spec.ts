import { expect, test } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { uniquePhone, signIn, inEnglish } from './helpers';

/** The API sends mail to SMTP_URL, which e2e/start-api.sh points at this port. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2591);
const mails: { to: string[]; text: string }[] = [];
let smtp: SMTPServer;

test.beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      simpleParser(stream).then((parsed) => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text: parsed.text ?? '' });
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function codeMailedTo(address: string, after: number): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const mail = mails.slice(after).find((m) => m.to.includes(address));
    code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return code!;
}

inEnglish();

test('a member binds a mailbox, forgets the password, resets it with the mailed code and signs in', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const mailbox = `m${phone.slice(4)}@example.test`;
  expect(
    (
      await request.post('/api/users', {
        data: { email: phone, password: 'old-password', invite_code: 0 },
      })
    ).status(),
  ).toBe(200);
  await signIn(page, phone, 'old-password');

  await page.goto('/mine/safety');
  await page.getByRole('link', { name: 'Mailbox' }).click();
  await expect(page.getByText('No mailbox is bound yet.')).toBeVisible();
  await page.getByLabel('Mailbox').fill(mailbox);
  let sent = mails.length;
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code (6 digits)').fill(await codeMailedTo(mailbox, sent));
  await page.getByRole('button', { name: 'Bind mailbox' }).click();
  await expect(page).toHaveURL(/\/mine\/safety$/);

  await page.goto('/mine');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in page has a "Phone number" field too, and stays until the next page has loaded.
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Phone number').fill(phone);
  sent = mails.length;
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/If this number has a mailbox bound/)).toBeVisible();
  const code = await codeMailedTo(mailbox, sent);
  await page.getByRole('link', { name: 'I have a code' }).click();
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expect(page.getByLabel('Phone number')).toHaveValue(phone);
  await page.getByLabel('Code (6 digits)').fill(code);
  await page.getByLabel('New password').fill('new-password');
  await page.getByLabel('Confirm password').fill('new-password');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Phone number').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('old-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect').first()).toBeVisible();
  await signIn(page, phone, 'new-password');
});
