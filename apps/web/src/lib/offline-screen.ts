import { useSyncExternalStore } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { isNetworkFailure } from './query-client';

/** A read the screen shows that got no answer and has nothing saved to show instead. */
function unanswered(query: Query): boolean {
  return (
    query.getObserversCount() > 0 &&
    query.state.status === 'error' &&
    query.state.data === undefined &&
    isNetworkFailure(query.state.error)
  );
}

function snapshot(queryClient: QueryClient): boolean {
  return queryClient.getQueryCache().getAll().some(unanswered);
}

/**
 * Whether the screen shown asks for data that neither the network nor the
 * device's saved copy (the service worker's cache) could give: offline, it
 * was never saved. The offline bar says so instead of promising saved data.
 */
export function useScreenNotSaved(): boolean {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (listener) => queryClient.getQueryCache().subscribe(listener),
    () => snapshot(queryClient),
    () => false,
  );
}
