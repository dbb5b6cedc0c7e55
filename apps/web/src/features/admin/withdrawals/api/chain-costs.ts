import { useInfiniteQuery } from '@tanstack/react-query';
import { getListTronCostTransfersQueryKey, listTronCostTransfers } from '@app/contracts';

export const TRANSFERS_PAGE_SIZE = 20;

/** Sweeps and withdrawals with their chain costs, newest first, a page at a time (`before` = last id). */
export function useTronCostTransfers() {
  return useInfiniteQuery({
    queryKey: [...getListTronCostTransfersQueryKey(), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      listTronCostTransfers({ limit: TRANSFERS_PAGE_SIZE, before: pageParam }, undefined, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.length < TRANSFERS_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
    refetchOnMount: 'always',
  });
}
