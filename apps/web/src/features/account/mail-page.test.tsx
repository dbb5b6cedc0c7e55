import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { setFetch } from '@app/contracts';
import { apiFetch, signedInApi } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import { MailPage } from './mail-page';

const routes = [
  { path: '/mine/safety/mail', element: <MailPage /> },
  { path: '/mine/safety', element: <p>safety</p> },
];
const click = (name: string) =>
  act(async () => fireEvent.click(screen.getByRole('button', { name })));

function serve(
  status: { mail: string | null; delivery: string; code_mail?: string | null },
  answer: (path: string) => unknown = () => ({ ok: true }),
) {
  const api = apiFetch(({ method, path }) => {
    if (path === '/users/mail' && method === 'GET') return { code_mail: null, ...status };
    if (method === 'POST') return answer(path);
    return undefined;
  });
  setFetch(api.fetch);
  return api;
}

describe('<MailPage>', () => {
  signedInApi();

  it('mails a code, then binds the mailbox with it', async () => {
    const api = serve({ mail: null, delivery: 'smtp' });
    await renderWithApp(routes, { at: '/mine/safety/mail' });
    expect(await screen.findByText('No mailbox is bound yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mailbox'), { target: { value: 'me@example.test' } });
    await click('Send code');
    fireEvent.change(await screen.findByLabelText('Code (6 digits)'), {
      target: { value: '042917' },
    });
    await click('Bind mailbox');
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => [r.path, r.body])).toEqual([
      ['/users/mail/code', { mail: 'me@example.test' }],
      ['/users/mail', { mail: 'me@example.test', code: '042917' }],
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/mine/safety'));
  });

  it("says when the code's mail waits for the mail server, and when it could not be delivered", async () => {
    const status: { mail: null; delivery: string; code_mail: string | null } = {
      mail: null,
      delivery: 'smtp',
      code_mail: null,
    };
    const api = serve(status);
    await renderWithApp(routes, { at: '/mine/safety/mail' });
    expect(await screen.findByText('No mailbox is bound yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mailbox'), { target: { value: 'slow@example.test' } });
    status.code_mail = 'queued';
    await click('Send code');
    expect((await screen.findByTestId('code-mail')).textContent).toMatch(/on its way/);
    // The page looks again by itself: the mail finally failed.
    status.code_mail = 'failed';
    await waitFor(
      () => expect(screen.getByRole('alert').textContent).toMatch(/could not be delivered/),
      { timeout: 5000 },
    );
    await click('Ask for a new code');
    status.code_mail = 'sent';
    await click('Send code');
    expect(await screen.findByLabelText('Code (6 digits)')).toBeTruthy();
    expect(screen.queryByTestId('code-mail')).toBeNull();
    const posts = api.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(posts).toEqual(['/users/mail/code', '/users/mail/code']);
  });

  it('asks for the login password to change a bound mailbox', async () => {
    const api = serve({ mail: 'old@example.test', delivery: 'smtp' });
    await renderWithApp(routes, { at: '/mine/safety/mail' });
    expect(await screen.findByText('Bound mailbox: old@example.test')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mailbox'), { target: { value: 'new@example.test' } });
    await click('Send code');
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('says plainly when the server cannot send mail', async () => {
    serve({ mail: null, delivery: 'off' });
    await renderWithApp(routes, { at: '/mine/safety/mail' });
    expect(await screen.findByText(/Mail is not configured on this server/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', true);
  });

  it('keeps the address and the code typed when the member leaves and comes back', async () => {
    serve({ mail: null, delivery: 'smtp' });
    const first = await renderWithApp(routes, { at: '/mine/safety/mail' });
    fireEvent.change(await screen.findByLabelText('Mailbox'), {
      target: { value: 'me@example.test' },
    });
    await click('Send code');
    fireEvent.change(await screen.findByLabelText('Code (6 digits)'), {
      target: { value: '0429' },
    });
    first.unmount();

    await renderWithApp(routes, { at: '/mine/safety/mail' });
    expect(((await screen.findByLabelText('Code (6 digits)')) as HTMLInputElement).value).toBe(
      '0429',
    );
    expect((screen.getByLabelText('Mailbox') as HTMLInputElement).value).toBe('me@example.test');
  });

  it('counts down the wait of "Too many attempts" from Retry-After, then lets the member try', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serve(
        { mail: null, delivery: 'smtp' },
        () =>
          new Response(JSON.stringify({ detail: 'Wait', code: 'TOO_MANY_ATTEMPTS' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '65' },
          }),
      );
      await renderWithApp(routes, { at: '/mine/safety/mail' });
      fireEvent.change(await screen.findByLabelText('Mailbox'), {
        target: { value: 'me@example.test' },
      });
      await click('Send code');
      expect((await screen.findByTestId('mail-wait')).textContent).toBe(
        'Too many attempts. Try again in 1:05.',
      );
      expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', true);
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      expect(screen.getByTestId('mail-wait').textContent).toBe(
        'Too many attempts. Try again in 0:59.',
      );
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(screen.queryByTestId('mail-wait')).toBeNull();
      expect(screen.getByRole('button', { name: 'Send code' })).toHaveProperty('disabled', false);
    } finally {
      vi.useRealTimers();
    }
  });
});
