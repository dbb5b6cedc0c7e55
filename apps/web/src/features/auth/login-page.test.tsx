import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { clearTokens, getGetMeQueryKey, getTokens, setApiBaseUrl, setFetch } from '@app/contracts';
import { renderWithApp } from '../../test/render';
import { LoginPage } from './login-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/', element: <p>home</p> },
];

function fields() {
  return {
    phone: screen.getByLabelText('Phone number') as HTMLInputElement,
    password: screen.getByLabelText('Password') as HTMLInputElement,
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

function alerts(): string[] {
  return screen.queryAllByRole('alert').map((node) => node.textContent ?? '');
}

describe('<LoginPage>', () => {
  beforeEach(() => {
    setApiBaseUrl('/api');
    clearTokens();
  });
  afterEach(() => {
    setFetch(undefined);
    clearTokens();
  });

  it('starts the phone field with "+" and validates on submit only', async () => {
    const fetch = vi.fn();
    setFetch(fetch);
    await renderWithApp(routes, { at: '/login' });
    const { phone, password, submit } = fields();
    expect(phone.value).toBe('+');

    fireEvent.change(phone, { target: { value: '12' } });
    fireEvent.blur(phone);
    fireEvent.change(password, { target: { value: 'x' } });
    fireEvent.blur(password);
    expect(alerts()).toEqual([]);

    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(alerts()).toEqual(['Invalid phone number', 'Too short password']));

    // Fixing the fields does not clear the messages until the next submit.
    fireEvent.change(phone, { target: { value: '+998901234567' } });
    fireEvent.change(password, { target: { value: 'secret' } });
    expect(alerts()).toEqual(['Invalid phone number', 'Too short password']);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('moves the focus to the first field with an error on submit', async () => {
    setFetch(vi.fn());
    await renderWithApp(routes, { at: '/login' });
    const { phone, password, submit } = fields();
    fireEvent.change(password, { target: { value: 'x' } });
    await act(async () => fireEvent.click(submit));
    expect(document.activeElement).toBe(phone);
    fireEvent.change(phone, { target: { value: '+998901234567' } });
    await act(async () => fireEvent.click(submit));
    expect(document.activeElement).toBe(password);
    expect(alerts()).toEqual(['Too short password']);
  });

  it('reports empty fields as required', async () => {
    setFetch(vi.fn());
    await renderWithApp(routes, { at: '/login' });
    const { phone, submit } = fields();
    fireEvent.change(phone, { target: { value: '' } });
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(alerts()).toEqual(['Required', 'Required']));
  });

  it('marks both fields "Incorrect" on bad credentials', async () => {
    setFetch(
      vi.fn(async () =>
        json(401, { detail: 'Incorrect email or password', code: 'BAD_CREDENTIALS' }),
      ),
    );
    await renderWithApp(routes, { at: '/login' });
    const { phone, password, submit } = fields();
    fireEvent.change(phone, { target: { value: '+998901234567' } });
    fireEvent.change(password, { target: { value: 'wrong' } });
    await act(async () => fireEvent.click(submit));

    await waitFor(() => expect(alerts()).toEqual(['Incorrect', 'Incorrect']));
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(getTokens()).toBeNull();
  });

  it('shows the translated "too many attempts" message on 429', async () => {
    setFetch(
      vi.fn(async () => json(429, { detail: 'Too many attempts', code: 'TOO_MANY_ATTEMPTS' })),
    );
    await renderWithApp(routes, { at: '/login', language: 'ru' });
    fireEvent.change(screen.getByLabelText('Номер телефона'), {
      target: { value: '+998901234567' },
    });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Войти' })));
    await waitFor(() => expect(alerts()).toEqual(['Слишком много попыток. Попробуйте позже.']));
  });

  it('stores the tokens, loads the member and goes to / on success', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/token') {
        return json(200, { access_token: 'acc', refresh_token: 'ref', token_type: 'bearer' });
      }
      if (url === '/api/users/me') {
        expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer acc');
        return json(200, { id: 1, nickname: '', email: '+998901234567' });
      }
      return json(404, { detail: 'Not Found', code: 'NOT_FOUND' });
    });
    setFetch(fetch);
    const { queryClient } = await renderWithApp(routes, { at: '/login' });
    const { phone, password, submit } = fields();
    fireEvent.change(phone, { target: { value: '+998901234567' } });
    fireEvent.change(password, { target: { value: 'secret' } });
    await act(async () => fireEvent.click(submit));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(getTokens()).toEqual({ access: 'acc', refresh: 'ref' });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/token', '/api/users/me']);
    expect(queryClient.getQueryData(getGetMeQueryKey())).toMatchObject({ id: 1 });
  });

  it('toggles the password between hidden and visible', async () => {
    setFetch(vi.fn());
    await renderWithApp(routes, { at: '/login' });
    const { password } = fields();
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });
});
