import { useQueryClient } from '@tanstack/react-query';
import {
  getListAllChallengesQueryKey,
  getListEconomyChangesQueryKey,
  useCreateChallenge as useCreateChallengeCall,
} from '@app/contracts';

/** A new challenge; the challenges and the pending changes are read again before the message. */
export function useCreateChallenge() {
  const queryClient = useQueryClient();
  return useCreateChallengeCall({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: getListAllChallengesQueryKey() });
        await queryClient.invalidateQueries({ queryKey: getListEconomyChangesQueryKey() });
      },
    },
  });
}
