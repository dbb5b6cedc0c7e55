import {
  getGetQueueCountsQueryKey,
  getListAuditQueryKey,
  getListDepositGapsQueryKey,
  resolveDepositGap,
  useResolveDepositGap as useResolveDepositGapCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from '../../shared/api/refresh';

// A resolved item leaves the open list and the Money tab's count, and is audited.
const GAP_KEYS = [
  getListDepositGapsQueryKey(),
  getGetQueueCountsQueryKey(),
  getListAuditQueryKey(),
];

/** Closes a reconciler item with the operator's note. */
export function useResolveDepositGap(outcome?: Outcome<Result<typeof resolveDepositGap>>) {
  return useResolveDepositGapCall({ mutation: settle(outcome, useRefresh(GAP_KEYS)) });
}
