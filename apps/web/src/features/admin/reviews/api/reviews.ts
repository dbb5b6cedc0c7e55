import { useQueryClient } from '@tanstack/react-query';
import {
  getListCardDepositsQueryKey,
  getListModerationQueryKey,
  getListVerificationsQueryKey,
  useApproveCardDeposit as useApproveCardDepositCall,
  useApproveVerification as useApproveVerificationCall,
  useRejectCardDeposit as useRejectCardDepositCall,
  useRejectVerification as useRejectVerificationCall,
} from '@app/contracts';

/** Each decision reads its queue again before the row's buttons settle. */
function useInvalidate(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey });
}

export function useApproveVerification() {
  const refresh = useInvalidate(getListVerificationsQueryKey());
  return useApproveVerificationCall({ mutation: { onSuccess: refresh } });
}

export function useRejectVerification() {
  const refresh = useInvalidate(getListVerificationsQueryKey());
  return useRejectVerificationCall({ mutation: { onSuccess: refresh } });
}

export function useApproveCardDeposit() {
  const refresh = useInvalidate(getListCardDepositsQueryKey());
  return useApproveCardDepositCall({ mutation: { onSuccess: refresh } });
}

export function useRejectCardDeposit() {
  const refresh = useInvalidate(getListCardDepositsQueryKey());
  return useRejectCardDepositCall({ mutation: { onSuccess: refresh } });
}

/**
 * Runs a moderation action (hide, unhide, delete), then reads the reported
 * posts again; rejects as the action does.
 */
export function useModerate(): (action: () => Promise<unknown>) => Promise<void> {
  const refresh = useInvalidate(getListModerationQueryKey());
  return async (action) => {
    await action();
    await refresh();
  };
}
