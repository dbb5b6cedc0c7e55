import { useEffect } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  getListMessagesQueryKey,
  listMessages,
  useDeleteAllMessages as useDeleteAllMessagesCall,
  useGetMessage,
  useReadAllMessages as useReadAllMessagesCall,
} from '@app/contracts';

export { useListMessages } from '@app/contracts';

export const MESSAGES_PAGE_SIZE = 30;

/**
 * The member's messages, newest first, a page at a time (issue 27: the list
 * returned every message). Under the list's query key, so every refresh of
 * the list refreshes it.
 */
export function useMessagePages() {
  return useInfiniteQuery({
    queryKey: [...getListMessagesQueryKey(), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      listMessages(
        { limit: MESSAGES_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
        undefined,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) =>
      last.length < MESSAGES_PAGE_SIZE ? undefined : last[last.length - 1]?.id,
  });
}

function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getListMessagesQueryKey() });
}

/** Marks every message read; the list (and the unread badge) follow. */
export function useReadAllMessages() {
  const refresh = useRefreshMessages();
  return useReadAllMessagesCall({ mutation: { onSuccess: refresh } });
}

/** Deletes every message: `onDeleted` first (the toast), then the list is read again. */
export function useDeleteAllMessages(onDeleted?: () => void) {
  const refresh = useRefreshMessages();
  return useDeleteAllMessagesCall({
    mutation: {
      onSuccess: () => {
        onDeleted?.();
        return refresh();
      },
    },
  });
}

/** One message. Opening it marks it read on the server: the list and badge follow. */
export function useMessage(messageId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const message = useGetMessage(messageId, { query: { enabled } });
  useEffect(() => {
    if (message.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: getListMessagesQueryKey() });
    }
  }, [message.isSuccess, queryClient]);
  return message;
}
