import {
  dismissHeldDeposit,
  getGetQueueCountsQueryKey,
  getListAuditQueryKey,
  getListDepositGapsQueryKey,
  getListHeldDepositsQueryKey,
  resolveDepositGap,
  useDismissHeldDeposit as useDismissHeldDepositCall,
  useResolveDepositGap as useResolveDepositGapCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from '../../shared/api/refresh';

// A decision takes the row off its queue and the Money tab's count, and is audited.
const GAP_KEYS = [
  getListDepositGapsQueryKey(),
  getGetQueueCountsQueryKey(),
  getListAuditQueryKey(),
];
const HELD_KEYS = [
  getListHeldDepositsQueryKey(),
  getGetQueueCountsQueryKey(),
  getListAuditQueryKey(),
];

/** Closes a reconciler item with the operator's note. */
export function useResolveDepositGap(outcome?: Outcome<Result<typeof resolveDepositGap>>) {
  return useResolveDepositGapCall({ mutation: settle(outcome, useRefresh(GAP_KEYS)) });
}

/** Dismisses a held deposit (every held log of its transaction) with the operator's note. */
export function useDismissHeldDeposit(outcome?: Outcome<Result<typeof dismissHeldDeposit>>) {
  return useDismissHeldDepositCall({ mutation: settle(outcome, useRefresh(HELD_KEYS)) });
}
