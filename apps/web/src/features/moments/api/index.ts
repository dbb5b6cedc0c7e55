import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  getListMomentsQueryKey,
  getListMyMomentsQueryKey,
  listMoments,
  listMyMoments,
  useCreateMoment as useCreateMomentCall,
} from '@app/contracts';

/** Photos and thumbnails are served by the API: their URLs resolve against it. */
export {
  resolveApiUrl,
  useDeleteMoment,
  useLikeMoment,
  useReportMoment,
  useUnlikeMoment,
} from '@app/contracts';

export const MOMENTS_PAGE = 20;

/** Newest first, a page at a time (`before` = the last id), the next one loaded as the list's end shows. */
export function useMomentsFeed(mine: boolean, userId?: number) {
  return useInfiniteQuery({
    queryKey: mine
      ? [...getListMyMomentsQueryKey(), 'pages']
      : [...getListMomentsQueryKey({ user_id: userId }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      mine
        ? listMyMoments({ limit: MOMENTS_PAGE, before: pageParam }, undefined, signal)
        : listMoments(
            { limit: MOMENTS_PAGE, before: pageParam, user_id: userId },
            undefined,
            signal,
          ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.length < MOMENTS_PAGE ? undefined : last[last.length - 1]?.id,
    refetchOnMount: 'always',
  });
}

/** Posts a moment; the feed is read again before the page moves on. */
export function useCreateMoment() {
  const queryClient = useQueryClient();
  return useCreateMomentCall({
    mutation: {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: getListMomentsQueryKey() }),
    },
  });
}
