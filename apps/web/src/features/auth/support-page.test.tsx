import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { clearTokens, setFetch } from '@app/contracts';
import { MEMBER, apiFetch, json, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { SupportPage } from './support-page';

const routes = [{ path: '/support', element: <SupportPage /> }];
const sends = (api: ReturnType<typeof apiFetch>) =>
  api.requests.filter((r) => r.method === 'POST' && r.path === '/support/requests');

describe('<SupportPage> signed out', () => {
  it('asks a person for a reset code with the phone from /forgot, then says what happens next', async () => {
    clearTokens();
    const api = apiFetch(({ method, path }) =>
      method === 'POST' && path === '/support/requests' ? { id: 3, status: 'open' } : undefined,
    );
    setFetch(api.fetch);
    await renderWithApp(routes, { at: '/support?topic=password&phone=%2B998901234567' });
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+998901234567');
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('password');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(sends(api)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Message'), {
      target: { value: 'I bound no mailbox and forgot my password' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(sends(api)[0].body).toEqual({
      phone: '+998901234567',
      topic: 'password',
      message: 'I bound no mailbox and forgot my password',
    });
    const sent = await screen.findByTestId('support-sent');
    expect(sent.textContent).toContain('A person at the club will call you at +998901234567.');
    expect(screen.getByRole('link', { name: 'I have a code' }).getAttribute('href')).toBe(
      '/reset?phone=%2B998901234567',
    );
  });

  it('offers the club’s chat when one is set, and says when it is asked too often', async () => {
    clearTokens();
    setFetch(
      apiFetch(({ method, path }) => {
        if (path === '/site')
          return { support_url: 'https://t.me/club', media: [], banners: [], tutorial: null };
        if (method === 'POST') return json(429, { detail: 'Too many', code: 'TOO_MANY_ATTEMPTS' });
        return undefined;
      }).fetch,
    );
    await renderWithApp(routes, { at: '/support', language: 'uz' });
    expect(
      (
        await screen.findByRole('link', {
          name: 'Chat qulaymi? Klubning qoʻllab-quvvatlash chatini oching',
        })
      ).getAttribute('href'),
    ).toBe('https://t.me/club');
    fireEvent.change(screen.getByLabelText('Telefon raqami'), {
      target: { value: '+998901234567' },
    });
    fireEvent.change(screen.getByLabelText('Xabar'), { target: { value: 'Salom' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Yuborish' })));
    expect(screen.queryByTestId('support-sent')).toBeNull();
  });
});

describe('<SupportPage> signed in', () => {
  signedInApi();

  it('prefills the member’s own phone', async () => {
    setFetch(apiFetch(({ path }) => (path === '/users/me' ? MEMBER : undefined)).fetch);
    await renderWithApp(routes, { at: '/support' });
    await screen.findByDisplayValue(MEMBER.email);
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('other');
  });
});
