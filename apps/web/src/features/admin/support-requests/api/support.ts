import { useQueryClient } from '@tanstack/react-query';
import {
  getGetQueueCountsQueryKey,
  getListSupportRequestsQueryKey,
  useCloseSupportRequest as useCloseSupportRequestCall,
} from '@app/contracts';

/** Marks a support request done, then reads the requests and the queue counts again. */
export function useCloseSupportRequest() {
  const queryClient = useQueryClient();
  return useCloseSupportRequestCall({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: getListSupportRequestsQueryKey() });
        void queryClient.invalidateQueries({ queryKey: getGetQueueCountsQueryKey() });
      },
    },
  });
}
