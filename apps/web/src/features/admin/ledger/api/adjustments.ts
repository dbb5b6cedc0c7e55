import { useMutation } from '@tanstack/react-query';
import { microToNumber, type AdjustFormValues } from '@app/domain';
import {
  adjustBalance,
  approveAdjustment,
  getLedgerReportQueryKey,
  getListAdjustmentsQueryKey,
  getListAuditQueryKey,
  rejectAdjustment,
  useApproveAdjustment as useApproveAdjustmentCall,
  useRejectAdjustment as useRejectAdjustmentCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from '../../shared/api/refresh';

const ADJUSTMENT_KEYS = [
  getListAdjustmentsQueryKey(),
  getListAuditQueryKey(),
  getLedgerReportQueryKey(),
];

/** The second operator's decision on an adjustment above the threshold (four eyes). */
export function useApproveAdjustment(outcome?: Outcome<Result<typeof approveAdjustment>>) {
  return useApproveAdjustmentCall({ mutation: settle(outcome, useRefresh(ADJUSTMENT_KEYS)) });
}

export function useRejectAdjustment(outcome?: Outcome<Result<typeof rejectAdjustment>>) {
  return useRejectAdjustmentCall({ mutation: settle(outcome, useRefresh(ADJUSTMENT_KEYS)) });
}

/**
 * Credits or debits a member's money or points, with the caller's
 * Idempotency-Key; the ledger report, the audit log and the pending
 * adjustments follow.
 */
export function useAdjustBalance() {
  const refresh = useRefresh([
    getLedgerReportQueryKey(),
    getListAuditQueryKey(),
    getListAdjustmentsQueryKey(),
  ]);
  return useMutation({
    mutationFn: ({ values, key }: { values: AdjustFormValues; key: string }) =>
      adjustBalance(
        values.userId,
        {
          account: values.account,
          amount: microToNumber(values.amount),
          reason: values.reason,
        },
        { headers: { 'Idempotency-Key': key } },
      ),
    onSuccess: refresh,
  });
}
