import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearTokens, setApiBaseUrl, setFetch } from '@app/contracts';
import { renderWithApp } from '../../test/render';
import { initialInviteCode, inviteCodeForApi } from './invite-code';
import { RegisterPage } from './register-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <p>login</p> },
];

async function fillAndSubmit(invite?: string) {
  fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+998901234567' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret' } });
  if (invite !== undefined) {
    fireEvent.change(screen.getByLabelText('Invitation code'), { target: { value: invite } });
  }
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
}

describe('invite code helpers', () => {
  it('prefers ?code= over the cookie', () => {
    expect(initialInviteCode('?code=42', 'code=7')).toBe('42');
    expect(initialInviteCode('', 'a=1; code=7; b=2')).toBe('7');
    expect(initialInviteCode('?x=1', '')).toBe('');
  });

  it('sends an empty code as 0 and numbers as numbers', () => {
    expect(inviteCodeForApi('')).toBe(0);
    expect(inviteCodeForApi(undefined)).toBe(0);
    expect(inviteCodeForApi(' 15 ')).toBe(15);
    expect(inviteCodeForApi('abc')).toBe('abc');
  });
});

describe('<RegisterPage>', () => {
  beforeEach(() => {
    setApiBaseUrl('/api');
    clearTokens();
    document.cookie = 'code=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });
  afterEach(() => {
    setFetch(undefined);
    vi.useRealTimers();
  });

  it('prefills the invite code from the query, else from the cookie', async () => {
    setFetch(vi.fn());
    const first = await renderWithApp(routes, { at: '/register?code=31' });
    expect((screen.getByLabelText('Invitation code') as HTMLInputElement).value).toBe('31');
    first.unmount();

    document.cookie = 'code=77';
    await renderWithApp(routes, { at: '/register' });
    expect((screen.getByLabelText('Invitation code') as HTMLInputElement).value).toBe('77');
  });

  it('checks the confirmation on submit', async () => {
    setFetch(vi.fn());
    await renderWithApp(routes, { at: '/register' });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+998901234567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'other' } });
    expect(screen.queryAllByRole('alert')).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((n) => n.textContent)).toEqual([
        "Passwords doesn't match",
      ]),
    );
  });

  it('shows the already-registered message under the phone', async () => {
    setFetch(
      vi.fn(async () =>
        json(400, { detail: 'Email already registered', code: 'EMAIL_ALREADY_REGISTERED' }),
      ),
    );
    await renderWithApp(routes, { at: '/register' });
    await fillAndSubmit();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((n) => n.textContent)).toEqual([
        'This number is already registered',
      ]),
    );
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it('says under the invite code when its owner cannot invite yet (below VIP 1)', async () => {
    setFetch(
      vi.fn(async () => json(400, { detail: 'not eligible', code: 'INVITE_CODE_NOT_ELIGIBLE' })),
    );
    await renderWithApp(routes, { at: '/register', language: 'uz' });
    fireEvent.change(screen.getByLabelText('Telefon raqami'), {
      target: { value: '+998901234567' },
    });
    fireEvent.change(screen.getByLabelText('Parol'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('Parolni takrorlang'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('Taklif kodi'), { target: { value: '15' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Roʻyxatdan oʻtish' })),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((n) => n.textContent)).toEqual([
        'Bu taklif kodi hozircha taklif qila olmaydi: uning egasiga VIP 1 yoki undan yuqori daraja kerak. Kodsiz roʻyxatdan oʻting yoki boshqa kod soʻrang.',
      ]),
    );
    expect(screen.getByLabelText('Taklif kodi').getAttribute('aria-invalid')).toBe('true');
  });

  it('sends an empty invite as 0, shows the success modal and goes to /login after 3 s', async () => {
    const fetch = vi.fn(async () => json(200, { id: 5 }));
    setFetch(fetch);
    await renderWithApp(routes, { at: '/register' });
    await fillAndSubmit('');

    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    expect(screen.getByRole('dialog').textContent).toContain('You have successfully registered');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/users\/?$/);
    expect(JSON.parse(String(init.body))).toEqual({
      email: '+998901234567',
      password: 'secret',
      invite_code: 0,
    });

    // The backdrop closes the modal; the redirect still follows.
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/register');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'), {
      timeout: 4000,
    });
  });
});
