import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchBlob, getListAuditQueryKey, listAudit } from '@app/contracts';

export const AUDIT_PAGE_SIZE = 20;

/**
 * Operator actions a page at a time: newest first (`before` = last id) or
 * oldest first (`after` = last id).
 */
export function useAuditPages(order: 'asc' | 'desc' = 'desc') {
  return useInfiniteQuery({
    queryKey: [...getListAuditQueryKey(), 'pages', order],
    queryFn: ({ pageParam, signal }) =>
      listAudit(
        order === 'asc'
          ? { limit: AUDIT_PAGE_SIZE, order, after: pageParam }
          : { limit: AUDIT_PAGE_SIZE, before: pageParam },
        undefined,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.length < AUDIT_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
    refetchOnMount: 'always',
  });
}

/** A CSV export of a period, fetched with the operator's token. */
export function fetchExport(name: string, from: string, to: string): Promise<Blob> {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  return fetchBlob(`/admin/exports/${name}.csv?${query}`);
}
