import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearTokens, setFetch } from '@app/contracts';
import { apiFetch, json } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { ForgotPage } from './forgot-page';
import { ResetPage } from './reset-page';

const routes = [
  { path: '/forgot', element: <ForgotPage /> },
  { path: '/reset', element: <ResetPage /> },
  { path: '/login', element: <p>login</p> },
];
const click = (name: string) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('password recovery pages', () => {
  it('/forgot sends the phone, says the same for anyone, and leads to /reset with it', async () => {
    clearTokens();
    const api = apiFetch(({ path }) => (path === '/password/forgot' ? { ok: true } : undefined));
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/forgot' });
    type('Phone number', '12');
    await click('Send');
    // The page reads the support link (GET /site); only the form's POST counts here.
    const posts = () => api.requests.filter((r) => r.method === 'POST');
    expect(await screen.findByText('Invalid phone number')).toBeTruthy();
    expect(posts()).toHaveLength(0);
    type('Phone number', '+998 901 234567');
    await click('Send');
    expect(posts().map((r) => r.body)).toEqual([{ email: '+998 901 234567' }]);
    expect(await screen.findByText(/If this number has a mailbox bound/)).toBeTruthy();
    expect(screen.getByText(/No mailbox bound/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'I have a code' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/reset/));
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+998901234567');
  });

  it.each([
    ['en', 'Ask for a code'],
    ['ru', 'Попросить код'],
    ['uz', 'Kod soʻrash'],
  ])(
    '/forgot in %s never ends on a colon: without a mailbox it leads to a person, with the phone typed',
    async (language, ask) => {
      clearTokens();
      // A fresh club: no support link set.
      setFetch(apiFetch(() => undefined).fetch);
      await renderWithApp(routes, { at: '/forgot', language });
      const note = screen.getByTestId('no-mailbox');
      expect(note.textContent!.trim()).not.toMatch(/:$/);
      const link = screen.getByRole('link', { name: ask });
      expect(link.getAttribute('href')).toBe('/support?topic=password');
      fireEvent.change(screen.getByRole('textbox'), { target: { value: '+998901234567' } });
      expect(screen.getByRole('link', { name: ask }).getAttribute('href')).toBe(
        '/support?topic=password&phone=%2B998901234567',
      );
    },
  );

  it('/reset shows a wrong code on its field, and signs in again after a good one', async () => {
    clearTokens();
    let answer: Response | object = json(400, {
      detail: 'The code is wrong or has expired',
      code: 'INVALID_CODE',
    });
    const api = apiFetch(({ path }) => (path === '/password/reset' ? answer : undefined));
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/reset?phone=%2B998901234567' });
    type('Code (6 digits)', '12a');
    type('New password', 'new-pass');
    type('Confirm password', 'new-pass');
    await click('Confirm');
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    type('Code (6 digits)', '123456');
    await click('Confirm');
    expect(await screen.findByText('The code is wrong or has expired')).toBeTruthy();
    answer = { ok: true };
    await click('Confirm');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(api.requests.at(-1)!.body).toEqual({
      email: '+998901234567',
      code: '123456',
      password: 'new-pass',
    });
  });
});
