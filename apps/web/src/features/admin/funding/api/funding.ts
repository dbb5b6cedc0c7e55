import { useMutation } from '@tanstack/react-query';
import {
  approveSponsorFunds,
  getFundingForecastQueryKey,
  getGetTransparencyQueryKey,
  getLedgerReportQueryKey,
  getListAuditQueryKey,
  getListSponsorFundsQueryKey,
  recordSponsorFunds,
  rejectSponsorFunds,
  useApproveSponsorFunds as useApproveSponsorFundsCall,
  useRejectSponsorFunds as useRejectSponsorFundsCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from '../../shared/api/refresh';

// Outside money recorded moves the ledger, the runway and the public page.
const SPONSOR_KEYS = [
  getListSponsorFundsQueryKey(),
  getListAuditQueryKey(),
  getLedgerReportQueryKey(),
  getFundingForecastQueryKey(),
  getGetTransparencyQueryKey(),
];

/** Records outside money paid in, with the caller's Idempotency-Key (a retry records it once). */
export function useRecordSponsorFunds(outcome?: Outcome<Result<typeof recordSponsorFunds>>) {
  const after = settle(outcome, useRefresh(SPONSOR_KEYS));
  return useMutation({
    mutationFn: ({
      values,
      key,
    }: {
      values: { amount: string; payer: string; reference: string };
      key: string;
    }) => recordSponsorFunds(values, { headers: { 'Idempotency-Key': key } }),
    ...after,
  });
}

/** The second operator's approval of outside money above the threshold (four eyes). */
export function useApproveSponsorFunds(outcome?: Outcome<Result<typeof approveSponsorFunds>>) {
  return useApproveSponsorFundsCall({ mutation: settle(outcome, useRefresh(SPONSOR_KEYS)) });
}

export function useRejectSponsorFunds(outcome?: Outcome<Result<typeof rejectSponsorFunds>>) {
  return useRejectSponsorFundsCall({ mutation: settle(outcome, useRefresh(SPONSOR_KEYS)) });
}
