import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatUsdtExact } from '@app/domain';
import {
  createEventTicket,
  getRequestLanguage,
  getTokens,
  onTokensChange,
  resolveApiUrl,
} from '@app/contracts';
import { i18n } from './i18n';
import { useToast } from '../components/ui/toast';

/** Queries a money movement can change: balances, records, the statement, progress. */
const MONEY_QUERIES = ['/users/me', '/balance', '/challenges'];
const MESSAGE_QUERIES = ['/messages'];
/** The console's queue counts (operators only; members never ask for them). */
const QUEUE_COUNTS = '/admin/queues';
/** What a `queue` event changes besides the counts: that queue's list. */
const QUEUE_LISTS: Record<string, string> = {
  withdrawals: '/admin/withdrawals',
  card_deposits: '/admin/card_deposits',
  verifications: '/admin/verifications',
  reports: '/admin/moments',
  support: '/admin/support_requests',
  held_deposits: '/admin/deposits/held',
  deposit_gaps: '/admin/deposits/gaps',
};
const ALL_QUERIES = [...MONEY_QUERIES, ...MESSAGE_QUERIES, QUEUE_COUNTS];
const MAX_RETRY_MS = 30_000;

function refetch(queryClient: QueryClient, prefixes: readonly string[]) {
  void queryClient.invalidateQueries({
    predicate: ({ queryKey: [first] }) =>
      typeof first === 'string' && prefixes.some((prefix) => first.startsWith(prefix)),
  });
}

/**
 * What a withdrawal's end says: a sent one names what went on chain (the
 * net, not the gross), a failed one whether an operator refused it or it
 * failed on its way. One the member cancelled says nothing: the page they
 * cancelled it on already did.
 */
export function withdrawalNotice(data: Record<string, unknown>) {
  const amount = formatUsdtExact(Number(data.amount ?? 0));
  if (data.status === 'success') {
    const net = formatUsdtExact(Number(data.net_amount ?? data.amount ?? 0));
    return { key: 'live.withdrawalSent', values: { net } } as const;
  }
  if (data.failure === 'cancelled') return null;
  if (data.failure === 'refused')
    return { key: 'live.withdrawalRefused', values: { amount } } as const;
  return { key: 'live.withdrawalFailed', values: { amount } } as const;
}

/**
 * The signed-in member's live events (GET /users/me/events): a balance
 * change refetches the money screens, a credited deposit, a sent or failed
 * withdrawal and a new message also show a toast. EventSource sends no
 * headers, and a token in a URL ends up in logs, so each (re)connect first
 * asks for a one-use ticket (POST /users/me/events/ticket, through the HTTP
 * client, which refreshes an expired access token) and opens the stream with
 * `?ticket=`. The browser's own reconnect would reuse a spent ticket: on any
 * error this closes the stream and reconnects itself, with a new ticket and
 * the last id seen (backing off up to 30 s). The server ends the stream when
 * the login ends (sign-out, a password change, a deactivation, a role change)
 * or its access token lapses; the ticket call then refreshes or signs out.
 * Returning to the tab refetches what the member sees, in case events were
 * missed while it slept. Message titles come in the interface language
 * (`lang`): a new language reopens the stream. Operators also get `queue`
 * events: their console's counts and that queue's list refetch.
 */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  // The latest words without reconnecting when the language changes.
  const say = useRef({ t, toast });
  say.current = { t, toast };

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let token: string | null = null;
    let lastId = '';
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    /** Counts connects: a ticket that comes back after a newer connect began is dropped. */
    let attempt = 0;

    const read = (event: Event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastId = message.lastEventId;
      try {
        return JSON.parse(message.data) as Record<string, unknown>;
      } catch {
        return {};
      }
    };

    /** Tries again later, waiting longer after each failure in a row. */
    const reconnectLater = () => {
      clearTimeout(retry);
      failures += 1;
      retry = setTimeout(connect, Math.min(MAX_RETRY_MS, 1000 * 2 ** Math.min(failures, 5)));
    };

    const connect = async () => {
      clearTimeout(retry);
      source?.close();
      source = null;
      const mine = ++attempt;
      if (stopped || !getTokens()) return;
      let ticket: string;
      try {
        ({ ticket } = await createEventTicket());
      } catch {
        // Signed out meanwhile (the refresh failed): nothing to reconnect.
        if (mine === attempt && getTokens()) reconnectLater();
        return;
      }
      if (stopped || mine !== attempt) return;
      token = getTokens()?.access ?? null;
      const url = new URL(resolveApiUrl('/users/me/events'), window.location.href);
      url.searchParams.set('ticket', ticket);
      const lang = getRequestLanguage();
      if (lang) url.searchParams.set('lang', lang);
      if (lastId) url.searchParams.set('last_event_id', lastId);
      const opened = new EventSource(url.toString());
      source = opened;
      opened.onopen = () => {
        // Reopened after a failure: what changed meanwhile may not all be kept.
        if (failures > 0) refetch(queryClient, ALL_QUERIES);
        failures = 0;
      };
      opened.onerror = () => {
        if (source !== opened) return;
        // Ended or refused: the browser would retry with the spent ticket.
        opened.close();
        source = null;
        reconnectLater();
      };
      opened.addEventListener('balance', (event) => {
        read(event);
        refetch(queryClient, MONEY_QUERIES);
      });
      opened.addEventListener('deposit', (event) => {
        const data = read(event);
        say.current.toast(
          say.current.t('live.depositCredited', {
            amount: formatUsdtExact(Number(data.amount ?? 0)),
          }),
        );
        refetch(queryClient, MONEY_QUERIES);
      });
      opened.addEventListener('withdrawal', (event) => {
        const notice = withdrawalNotice(read(event));
        if (notice) say.current.toast(say.current.t(notice.key, notice.values));
        refetch(queryClient, MONEY_QUERIES);
      });
      opened.addEventListener('message', (event) => {
        const data = read(event);
        say.current.toast(say.current.t('live.message', { title: String(data.title ?? '') }));
        refetch(queryClient, MESSAGE_QUERIES);
      });
      opened.addEventListener('queue', (event) => {
        const data = read(event);
        const list = QUEUE_LISTS[String(data.queue)];
        refetch(queryClient, list ? [QUEUE_COUNTS, list] : [QUEUE_COUNTS]);
      });
    };

    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      refetch(queryClient, ALL_QUERIES);
      if (!source || source.readyState === EventSource.CLOSED) void connect();
    };
    // A new access token (refreshed, or another sign-in): the stream follows it.
    const stopTokens = onTokensChange(() => {
      const access = getTokens()?.access ?? null;
      if (access !== token) void connect();
    });
    document.addEventListener('visibilitychange', onVisible);
    // Reopened from the last id seen: nothing is missed, titles come in the new language.
    const onLanguage = () => void connect();
    i18n.on('languageChanged', onLanguage);
    void connect();
    return () => {
      stopped = true;
      attempt += 1;
      i18n.off('languageChanged', onLanguage);
      clearTimeout(retry);
      source?.close();
      stopTokens();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient]);
}
