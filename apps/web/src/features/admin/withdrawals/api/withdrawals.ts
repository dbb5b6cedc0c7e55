import {
  approveWithdrawal,
  getLedgerReportQueryKey,
  getListAuditQueryKey,
  getListWithdrawalsQueryKey,
  rejectWithdrawal,
  retryWithdrawal,
  useApproveWithdrawal as useApproveWithdrawalCall,
  useRejectWithdrawal as useRejectWithdrawalCall,
  useRetryWithdrawal as useRetryWithdrawalCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from '../../shared/api/refresh';

// A withdrawal decision moves money: the queue, the audit log and the ledger report follow.
const WITHDRAWAL_KEYS = [
  getListWithdrawalsQueryKey(),
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
