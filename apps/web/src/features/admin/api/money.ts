import { useMutation } from '@tanstack/react-query';
import { microToNumber, type AdjustFormValues } from '@app/domain';
import {
  adjustBalance,
  approveAdjustment,
  approveWithdrawal,
  getLatestProofQueryKey,
  getLedgerReportQueryKey,
  getListAdjustmentsQueryKey,
  getListAuditQueryKey,
  getListProofsQueryKey,
  getListWithdrawalsQueryKey,
  publishProof,
  rejectAdjustment,
  rejectWithdrawal,
  retryWithdrawal,
  useApproveAdjustment as useApproveAdjustmentCall,
  useApproveWithdrawal as useApproveWithdrawalCall,
  usePublishProof as usePublishProofCall,
  useRejectAdjustment as useRejectAdjustmentCall,
  useRejectWithdrawal as useRejectWithdrawalCall,
  useRetryWithdrawal as useRetryWithdrawalCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from './refresh';

// A withdrawal decision moves money: the queue, the audit log and the ledger report follow.
const WITHDRAWAL_KEYS = [
  getListWithdrawalsQueryKey(),
  getListAuditQueryKey(),
  getLedgerReportQueryKey(),
];
const ADJUSTMENT_KEYS = [
  getListAdjustmentsQueryKey(),
  getListAuditQueryKey(),
  getLedgerReportQueryKey(),
];

export function useApproveWithdrawal(outcome?: Outcome<Result<typeof approveWithdrawal>>) {
  return useApproveWithdrawalCall({ mutation: settle(outcome, useRefresh(WITHDRAWAL_KEYS)) });
}

export function useRejectWithdrawal(outcome?: Outcome<Result<typeof rejectWithdrawal>>) {
  return useRejectWithdrawalCall({ mutation: settle(outcome, useRefresh(WITHDRAWAL_KEYS)) });
}

export function useRetryWithdrawal(outcome?: Outcome<Result<typeof retryWithdrawal>>) {
  return useRetryWithdrawalCall({ mutation: settle(outcome, useRefresh(WITHDRAWAL_KEYS)) });
}

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

/** Publishes a proof of liabilities now; the proofs, the member's latest and the audit log follow. */
export function usePublishProof(outcome?: Outcome<Result<typeof publishProof>>) {
  return usePublishProofCall({
    mutation: settle(
      outcome,
      useRefresh([getListProofsQueryKey(), getLatestProofQueryKey(), getListAuditQueryKey()]),
    ),
  });
}
