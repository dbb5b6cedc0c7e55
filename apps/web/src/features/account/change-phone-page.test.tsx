import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { getTokens, setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { ChangePhonePage } from './change-phone-page';

const routes = [
  { path: '/mine/safety/phone', element: <ChangePhonePage /> },
  { path: '/login', element: <p>login</p> },
];

async function fillAndSubmit(phone: string, password: string) {
  fireEvent.change(screen.getByLabelText('New phone'), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Current login password'), {
    target: { value: password },
  });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
}

const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('<ChangePhonePage>', () => {
  signedInApi();

  it('asks for the current password, hidden until shown', async () => {
    setFetch(apiFetch(({ path }) => (path === '/users/me' ? MEMBER : undefined)).fetch);
    await renderWithApp(routes, { at: '/mine/safety/phone' });
    const password = screen.getByLabelText('Current login password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show password' })));
    expect(password.type).toBe('text');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Hide password' })));
    expect(password.type).toBe('password');
  });

  it('validates the password before sending anything', async () => {
    const api = apiFetch(({ path }) => (path === '/users/me' ? MEMBER : undefined));
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/mine/safety/phone' });
    await fillAndSubmit('+998901234568', '');
    await waitFor(() => expect(alerts()).toEqual(['Required']));
    await fillAndSubmit('+998901234568', 'a');
    await waitFor(() => expect(alerts()).toEqual(['Too short password']));
    expect(api.requests.some((request) => request.path === '/users/login')).toBe(false);
  });

  it('sends the new phone with the password, then signs out to /login', async () => {
    const api = apiFetch(({ method, path }) => {
      if (path === '/users/me') return MEMBER;
      if (method === 'POST' && (path === '/users/login' || path === '/logout')) return { ok: true };
      return undefined;
    });
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/mine/safety/phone' });
    await fillAndSubmit(' +998901234568 ', 'secret12');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    const change = api.requests.find((request) => request.path === '/users/login');
    expect(change?.body).toEqual({ login: '+998901234568', password: 'secret12' });
    expect(getTokens()).toBeNull();
  });

  it('shows a wrong password under the password field and stays', async () => {
    setFetch(
      apiFetch(({ path }) => {
        if (path === '/users/me') return MEMBER;
        if (path === '/users/login') {
          return json(400, { detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' });
        }
        return undefined;
      }).fetch,
    );
    await renderWithApp(routes, { at: '/mine/safety/phone' });
    await fillAndSubmit('+998901234568', 'wrong-one');
    await waitFor(() => expect(alerts()).toEqual(['Incorrect password']));
    const password = screen.getByLabelText('Current login password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/mine/safety/phone');
    expect(getTokens()).not.toBeNull();
  });

  it('shows a taken phone under the phone field, in Russian too', async () => {
    setFetch(
      apiFetch(({ path }) => {
        if (path === '/users/me') return MEMBER;
        if (path === '/users/login') {
          return json(400, {
            detail: 'Email already registered',
            code: 'EMAIL_ALREADY_REGISTERED',
          });
        }
        return undefined;
      }).fetch,
    );
    await renderWithApp(routes, { at: '/mine/safety/phone', language: 'ru' });
    fireEvent.change(screen.getByLabelText('Новый номер'), { target: { value: '+998901234568' } });
    fireEvent.change(screen.getByLabelText('Текущий пароль'), { target: { value: 'secret12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' })));
    await waitFor(() =>
      expect(screen.getByLabelText('Новый номер').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByLabelText('Текущий пароль').getAttribute('aria-invalid')).toBeNull();
  });
});
