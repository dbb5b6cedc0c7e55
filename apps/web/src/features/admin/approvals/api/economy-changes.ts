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
  useRejectEconomyChange as useRejectEconomyChangeCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from '../../shared/api/refresh';

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
