import { useQueryClient } from '@tanstack/react-query';
import {
  approveEconomyChange,
  getEconomyBaselinesQueryKey,
  getEconomyHistoryQueryKey,
  getGetTeamRatesQueryKey,
  getListAllChallengesQueryKey,
  getListCampaignsQueryKey,
  getListEconomyChangesQueryKey,
  getListPackagesQueryKey,
  rejectEconomyChange,
  useApproveEconomyChange as useApproveEconomyChangeCall,
  useCreateCampaign as useCreateCampaignCall,
  useCreateChallenge as useCreateChallengeCall,
  useRejectEconomyChange as useRejectEconomyChangeCall,
  useSetPackage as useSetPackageCall,
  useSetTeamRates as useSetTeamRatesCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from './refresh';

/**
 * A package's new terms: the answer's packages (as they stand) replace the
 * cached list; the history and the pending changes (a change may wait for a
 * second admin, `pending_changes`) are read again.
 */
export function useSetPackage() {
  const queryClient = useQueryClient();
  return useSetPackageCall({
    mutation: {
      onSuccess: (answer) => {
        queryClient.setQueryData(getListPackagesQueryKey(), answer.packages);
        void queryClient.invalidateQueries({ queryKey: getEconomyHistoryQueryKey() });
        void queryClient.invalidateQueries({ queryKey: getListEconomyChangesQueryKey() });
      },
    },
  });
}

/** The team rates: the answer's rates replace the cached ones; history and pending changes follow. */
export function useSetTeamRates() {
  const queryClient = useQueryClient();
  return useSetTeamRatesCall({
    mutation: {
      onSuccess: ({ pending_changes: _, ...rates }) => {
        queryClient.setQueryData(getGetTeamRatesQueryKey(), rates);
        void queryClient.invalidateQueries({ queryKey: getEconomyHistoryQueryKey() });
        void queryClient.invalidateQueries({ queryKey: getListEconomyChangesQueryKey() });
      },
    },
  });
}

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

// An approved change may touch any of the economy's lists, and moves a baseline.
const ECONOMY_KEYS = [
  getListEconomyChangesQueryKey(),
  getEconomyBaselinesQueryKey(),
  getEconomyHistoryQueryKey(),
  getListPackagesQueryKey(),
  getGetTeamRatesQueryKey(),
  getListCampaignsQueryKey(),
  getListAllChallengesQueryKey(),
];

export function useApproveEconomyChange(outcome?: Outcome<Result<typeof approveEconomyChange>>) {
  return useApproveEconomyChangeCall({ mutation: settle(outcome, useRefresh(ECONOMY_KEYS)) });
}

export function useRejectEconomyChange(outcome?: Outcome<Result<typeof rejectEconomyChange>>) {
  return useRejectEconomyChangeCall({ mutation: settle(outcome, useRefresh(ECONOMY_KEYS)) });
}
