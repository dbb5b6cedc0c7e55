import { useQueryClient } from '@tanstack/react-query';
import {
  getEconomyHistoryQueryKey,
  getGetTeamRatesQueryKey,
  getListEconomyChangesQueryKey,
  getListPackagesQueryKey,
  useSetPackage as useSetPackageCall,
  useSetTeamRates as useSetTeamRatesCall,
} from '@app/contracts';

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
