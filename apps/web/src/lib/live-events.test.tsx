import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import {
  setFetch,
  setRequestLanguage,
  setTokens,
  useGetMe,
  useGetQueueCounts,
} from '@app/contracts';
import { MEMBER, apiFetch, signedInApi } from '../test/fake-api';
import { renderWithApp } from '../test/render';
import { useLiveEvents, withdrawalNotice } from './live-events';
import { i18n } from './i18n';

/** EventSource as the browser gives it, driven by the test. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: unknown, lastEventId: string) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
  /** The server ended the stream: the browser would reconnect by itself, to the same URL. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
}

/** The fake API, answering POST /users/me/events/ticket with t1, t2, ... and the rest with `handle`. */
function withTickets(handle: Parameters<typeof apiFetch>[0]) {
  let issued = 0;
  return apiFetch((request) =>
    request.method === 'POST' && request.path === '/users/me/events/ticket'
      ? { ticket: `t${++issued}` }
      : handle(request),
  );
}

function Balances() {
  useLiveEvents();
  const me = useGetMe();
  return <p data-testid="money">{me.data?.money ?? '…'}</p>;
}

describe('useLiveEvents', () => {
  signedInApi();
  const original = globalThis.EventSource;
  beforeEach(() => {
    FakeEventSource.all = [];
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
  });
  afterEach(() => {
    globalThis.EventSource = original;
  });

  it('subscribes with a one-use ticket (never the token), refetches balances and toasts a credited deposit', async () => {
    let money = 12.5;
    const api = withTickets(({ path }) =>
      path === '/users/me' ? { ...MEMBER, money } : undefined,
    );
    setFetch(api.fetch);
    await renderWithApp([{ path: '/', element: <Balances /> }]);
    await waitFor(() => expect(screen.getByTestId('money').textContent).toBe('12.5'));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const source = FakeEventSource.all[0];
    const url = new URL(source.url);
    expect(url.pathname).toBe('/api/users/me/events');
    expect(url.searchParams.get('ticket')).toBe('t1');
    expect(url.searchParams.has('access_token')).toBe(false);
    const asked = api.requests.find((r) => r.path === '/users/me/events/ticket')!;
    expect([asked.method, asked.headers.get('Authorization')]).toEqual(['POST', 'Bearer a']);
    act(() => source.open());

    money = 37.5;
    act(() => source.emit('deposit', { id: 7, status: 'success', amount: 25 }, '1-0_0-0'));
    expect(await screen.findByText('Deposit of 25.00 USDT credited')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('money').textContent).toBe('37.5'));

    act(() =>
      source.emit('withdrawal', { id: 8, status: 'fail', amount: 20, tx_id: null }, '2-0_0-0'),
    );
    expect(
      await screen.findByText('Withdrawal of 20.00 USDT failed and was refunded'),
    ).toBeTruthy();
    act(() => source.emit('message', { id: 3, title: 'Hello' }, '3-0_0-0'));
    expect(await screen.findByText('New message: Hello')).toBeTruthy();
  });

  it('names what went on chain for a sent withdrawal, and a refusal as a refusal', () => {
    const sent = withdrawalNotice({ status: 'success', amount: 12, net_amount: 10.2 });
    expect(sent).toEqual({ key: 'live.withdrawalSent', values: { net: '10.20' } });
    expect(i18n.t(sent!.key, sent!.values)).toBe(
      'Withdrawal sent: 10.20 USDT went to your address',
    );
    const refused = withdrawalNotice({ status: 'fail', amount: 20, failure: 'refused' });
    expect(i18n.t(refused!.key, refused!.values)).toBe(
      'An operator refused the withdrawal of 20.00 USDT; the money is back in your wallet',
    );
    expect(withdrawalNotice({ status: 'fail', amount: 20, failure: 'failed' })?.key).toBe(
      'live.withdrawalFailed',
    );
    // The member cancelled it on a page that already said so.
    expect(withdrawalNotice({ status: 'fail', amount: 20, failure: 'cancelled' })).toBeNull();
  });

  it('refetches when the tab becomes visible again', async () => {
    const api = withTickets(({ path }) => (path === '/users/me' ? MEMBER : undefined));
    setFetch(api.fetch);
    await renderWithApp([{ path: '/', element: <Balances /> }]);
    await waitFor(() => expect(screen.getByTestId('money').textContent).toBe('12.5'));
    const before = api.requests.filter((r) => r.path === '/users/me').length;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/users/me').length).toBe(before + 1),
    );
  });

  it('reconnects with a new ticket and the last event id after a refusal, and follows a new token', async () => {
    const api = withTickets(({ path }) => (path === '/users/me' ? MEMBER : undefined));
    setFetch(api.fetch);
    await renderWithApp([{ path: '/', element: <Balances /> }]);
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const first = FakeEventSource.all[0];
    act(() => first.open());
    act(() => first.emit('balance', { money: 1, points: 0, points_hold: 0 }, '5-0_0-0'));
    act(() => first.refuse());
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 4000 });
    const second = new URL(FakeEventSource.all[1].url).searchParams;
    expect(second.get('last_event_id')).toBe('5-0_0-0');
    expect(second.get('ticket')).toBe('t2');

    act(() => setTokens({ access: 'b', refresh: 'r2' }));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(3));
    expect(FakeEventSource.all[1].readyState).toBe(FakeEventSource.CLOSED);
    expect(new URL(FakeEventSource.all[2].url).searchParams.get('ticket')).toBe('t3');
    const tickets = api.requests.filter((r) => r.path === '/users/me/events/ticket');
    expect(tickets.at(-1)!.headers.get('Authorization')).toBe('Bearer b');
  });

  it('when the server ends the stream (the login ended), closes it rather than reusing the spent ticket', async () => {
    setFetch(withTickets(({ path }) => (path === '/users/me' ? MEMBER : undefined)).fetch);
    await renderWithApp([{ path: '/', element: <Balances /> }]);
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const first = FakeEventSource.all[0];
    act(() => first.open());
    act(() => first.drop());
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2), { timeout: 4000 });
    expect(new URL(FakeEventSource.all[1].url).searchParams.get('ticket')).toBe('t2');
  });

  it('opens no stream while the ticket is refused, and tries again later', async () => {
    let refuse = true;
    let issued = 0;
    const api = apiFetch(({ method, path }) => {
      if (path === '/users/me') return MEMBER;
      if (method !== 'POST' || path !== '/users/me/events/ticket') return undefined;
      if (refuse)
        return new Response(
          JSON.stringify({ detail: 'Unavailable', code: 'SERVICE_UNAVAILABLE' }),
          { status: 503, headers: { 'Content-Type': 'application/json' } },
        );
      return { ticket: `late${++issued}` };
    });
    setFetch(api.fetch);
    await renderWithApp([{ path: '/', element: <Balances /> }]);
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/users/me/events/ticket')).toHaveLength(1),
    );
    expect(FakeEventSource.all).toHaveLength(0);
    refuse = false;
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1), { timeout: 4000 });
    expect(new URL(FakeEventSource.all[0].url).searchParams.get('ticket')).toBe('late1');
  });

  it("refetches an operator's queue counts and that queue on a queue event", async () => {
    let waiting = 1;
    const api = withTickets(({ path }) =>
      path === '/users/me'
        ? { ...MEMBER, role: 'finance' }
        : path === '/admin/queues'
          ? { withdrawals: waiting, card_deposits: 0, verifications: null, reports: null }
          : undefined,
    );
    setFetch(api.fetch);
    function Counts() {
      useLiveEvents();
      const counts = useGetQueueCounts();
      return <p data-testid="waiting">{counts.data?.withdrawals ?? '…'}</p>;
    }
    await renderWithApp([{ path: '/', element: <Counts /> }]);
    await waitFor(() => expect(screen.getByTestId('waiting').textContent).toBe('1'));
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const source = FakeEventSource.all[0];
    act(() => source.open());
    waiting = 2;
    act(() => source.emit('queue', { queue: 'withdrawals', id: 9 }, '1-0_0-0_4-0'));
    await waitFor(() => expect(screen.getByTestId('waiting').textContent).toBe('2'));
  });

  it('asks for message titles in the interface language, and reopens when it changes', async () => {
    setFetch(withTickets(({ path }) => (path === '/users/me' ? MEMBER : undefined)).fetch);
    setRequestLanguage('uz');
    await renderWithApp([{ path: '/', element: <Balances /> }], { language: 'uz' });
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const first = FakeEventSource.all[0];
    expect(new URL(first.url).searchParams.get('lang')).toBe('uz');
    act(() => first.open());
    act(() => first.emit('balance', { money: 1, points: 0, points_hold: 0 }, '7-0_0-0'));
    setRequestLanguage('en');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(2));
    const second = new URL(FakeEventSource.all[1].url).searchParams;
    expect(second.get('lang')).toBe('en');
    // From where the first stream stopped: nothing is missed.
    expect(second.get('last_event_id')).toBe('7-0_0-0');
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    setRequestLanguage(null);
  });
});
