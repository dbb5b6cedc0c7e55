import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@app/contracts';
import { isServedByWorker, reportNetwork } from './pwa';

/** fetch() rejects with a TypeError when no answer came at all (offline, DNS, refused). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The offline banner hears of failed requests here. A success proves the
 * network only when no service worker stands between (it may answer from its
 * cache; then it reports the network itself, see src/lib/pwa.ts).
 */
const networkReport = {
  onError: (error: unknown) => {
    if (isNetworkFailure(error)) reportNetwork(false);
  },
  onSuccess: () => {
    if (!isServedByWorker()) reportNetwork(true);
  },
};

/** One query-client configuration for the whole app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache(networkReport),
    mutationCache: new MutationCache({
      onError: networkReport.onError,
      // A write always goes to the network (the worker keeps reads only).
      onSuccess: () => reportNetwork(true),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Asked even offline: the service worker answers from what it saved
        // (sw/sw.ts), and a screen it never saved fails at once and says so
        // (components/ui/app-status.tsx) instead of waiting for the network.
        networkMode: 'always',
        // A 4xx will not get better by asking again; network blips might, a
        // browser with no network will not.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) &&
          !(isNetworkFailure(error) && browserOffline()) &&
          failureCount < 1,
      },
      // A write offline fails at once (the page says so) rather than waiting unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * What the API answers in the reader's language (Accept-Language): trailers,
 * messages, the home strip, banners; operators' trailer list names each in
 * theirs too.
 */
export const CONTENT_QUERIES = ['/trailers', '/messages', '/site', '/admin/trailers'];

/** Refetches the content queries (after the interface language changed). */
export function refetchContent(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [first] }) =>
      typeof first === 'string' && CONTENT_QUERIES.some((prefix) => first.startsWith(prefix)),
  });
}
