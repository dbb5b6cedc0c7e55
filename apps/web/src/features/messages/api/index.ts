import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  getListMessagesQueryKey,
  useDeleteAllMessages as useDeleteAllMessagesCall,
  useGetMessage,
  useReadAllMessages as useReadAllMessagesCall,
} from '@app/contracts';

export { useListMessages } from '@app/contracts';

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
