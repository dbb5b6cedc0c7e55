import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@app/contracts';

/** One query-client configuration for the whole app. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; network blips might.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
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
