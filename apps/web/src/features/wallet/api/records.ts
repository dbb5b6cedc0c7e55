import { useInfiniteQuery } from '@tanstack/react-query';
import {
  getGetStatementQueryKey,
  getListBalanceRecordsQueryKey,
  getStatement,
  listBalanceRecords,
  type GetStatementParams,
  type ListBalanceRecordsAdd,
} from '@app/contracts';

export const RECORDS_PAGE_SIZE = 20;
export const STATEMENT_PAGE_SIZE = 30;

/** The next `before`: the last id of a full page; a short page is the end. */
export function nextBefore(page: readonly { id: number }[], pageSize: number): number | undefined {
  return page.length < pageSize ? undefined : page[page.length - 1]?.id;
}

/** Deposits, withdrawals and adjustments, newest first, a page at a time. */
export function useBalanceRecordPages(add?: ListBalanceRecordsAdd) {
  const params = add === undefined ? {} : { add };
  return useInfiniteQuery({
    queryKey: [...getListBalanceRecordsQueryKey(params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      listBalanceRecords(
        { ...params, limit: RECORDS_PAGE_SIZE, before: pageParam },
        undefined,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => nextBefore(last, RECORDS_PAGE_SIZE),
    refetchOnMount: 'always',
  });
}

/** The member's statement (every ledger line), filtered, a page at a time. */
export function useStatementPages(params: Pick<GetStatementParams, 'account' | 'kind'>) {
  return useInfiniteQuery({
    queryKey: [...getGetStatementQueryKey(params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      getStatement(
        { ...params, limit: STATEMENT_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
        undefined,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
    refetchOnMount: 'always',
  });
}
