import { useQueryClient } from '@tanstack/react-query';
import {
  getListCampaignsQueryKey,
  getListEconomyChangesQueryKey,
  useCreateCampaign as useCreateCampaignCall,
} from '@app/contracts';

/** A new campaign; the campaigns and the pending changes are read again before the message. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useCreateCampaignCall({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: getListCampaignsQueryKey() });
        await queryClient.invalidateQueries({ queryKey: getListEconomyChangesQueryKey() });
      },
    },
  });
}
