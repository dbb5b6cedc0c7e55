import {
  getLatestProofQueryKey,
  getListAuditQueryKey,
  getListProofsQueryKey,
  publishProof,
  usePublishProof as usePublishProofCall,
} from '@app/contracts';
import { settle, useRefresh, type Outcome, type Result } from '../../shared/api/refresh';

/** Publishes a proof of liabilities now; the proofs, the member's latest and the audit log follow. */
export function usePublishProof(outcome?: Outcome<Result<typeof publishProof>>) {
  return usePublishProofCall({
    mutation: settle(
      outcome,
      useRefresh([getListProofsQueryKey(), getLatestProofQueryKey(), getListAuditQueryKey()]),
    ),
  });
}
