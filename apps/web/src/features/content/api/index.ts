import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMeQueryKey,
  getListChallengesQueryKey,
  useClaimChallenge as useClaimChallengeCall,
} from '@app/contracts';

/** Challenge images are served by the API: their URLs resolve against it. */
export {
  resolveApiUrl,
  useGetBonus,
  useGetMe,
  useGetProgress,
  useGetSite,
  useListBalanceRecords,
  useListChallenges,
  useListPackages,
  useListTrailers,
} from '@app/contracts';

/**
 * Claims a challenge's reward: `onPaid` first (the toast), then the
 * challenges and the balance are read again.
 */
export function useClaimChallenge(onPaid: (reward: number) => void) {
  const queryClient = useQueryClient();
  return useClaimChallengeCall({
    mutation: {
      onSuccess: async ({ reward }) => {
        onPaid(reward);
        await queryClient.invalidateQueries({ queryKey: getListChallengesQueryKey() });
        await queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
      },
    },
  });
}
