import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMeQueryKey,
  getGetTodayQueryKey,
  useWatchTrailer as useWatchTrailerCall,
  type MemberTodayResponse,
} from '@app/contracts';

export {
  useGetMe,
  useGetToday,
  useGetTrailer,
  useListPackages,
  useListTrailers,
} from '@app/contracts';

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
