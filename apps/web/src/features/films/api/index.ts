import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMeQueryKey,
  getGetTodayQueryKey,
  useGetTrailer,
  useWatchTrailer as useWatchTrailerCall,
  type MemberTodayResponse,
} from '@app/contracts';

export { useGetMe, useGetToday, useListPackages, useListTrailers } from '@app/contracts';
export { useViewBeats } from './use-view-beats';

/**
 * GET /trailers/{id} opens a new view on the server, which ends the
 * member's previous one: read once per visit of the page (never again while
 * it is open, nor kept for the next visit), so a refetch cannot end the view
 * that plays.
 */
export function useOpenTrailer(id: number, enabled: boolean) {
  return useGetTrailer(id, {
    query: {
      enabled,
      staleTime: Infinity,
      gcTime: 0,
      refetchOnMount: 'always',
      refetchOnReconnect: false,
      refetchOnWindowFocus: false,
    },
  });
}

/**
 * Counts a watched trailer. The answer carries today's tasks: they go in the
 * cache at once, then today and the balance are read again. Runs even after
 * the member left the page, so the balances stay right.
 */
export function useWatchTrailer() {
  const queryClient = useQueryClient();
  return useWatchTrailerCall({
    mutation: {
      onSuccess: (result, { id }) => {
        // Today's figures, and this trailer among those counted (the grid marks it).
        queryClient.setQueryData(getGetTodayQueryKey(), (previous?: MemberTodayResponse) => ({
          ...result.today,
          trailer_ids: [...new Set([...(previous?.trailer_ids ?? []), id])],
        }));
        void queryClient.invalidateQueries({ queryKey: getGetTodayQueryKey() });
        void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
      },
    },
  });
}
