import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMailStatusQueryKey,
  getGetMeQueryKey,
  getGetVerificationQueryKey,
  useBindMail as useBindMailCall,
  useChangeNickname as useChangeNicknameCall,
  useSendMailCode as useSendMailCodeCall,
  useSetTransactionPassword as useSetTransactionPasswordCall,
  useSubmitVerification as useSubmitVerificationCall,
} from '@app/contracts';
import { signOut } from '../../../lib/sign-out';

/** The nickname changes; the member's profile is read again before the page moves on. */
export function useChangeNickname() {
  const queryClient = useQueryClient();
  return useChangeNicknameCall({
    mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() }) },
  });
}

/** Sets (or changes) the transaction password; the profile's `has_transaction_password` follows. */
export function useSetTransactionPassword() {
  const queryClient = useQueryClient();
  return useSetTransactionPasswordCall({
    mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() }) },
  });
}

/**
 * Asks for a mailbox code; the mail status is read again, so the page shows
 * how the code's mail fares (the worker sends it from the outbox).
 */
export function useSendMailCode() {
  const queryClient = useQueryClient();
  return useSendMailCodeCall({
    mutation: {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: getGetMailStatusQueryKey() }),
    },
  });
}

/** Binds the mailbox the code went to; the mail status and the profile are read again. */
export function useBindMail() {
  const queryClient = useQueryClient();
  return useBindMailCall({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: getGetMailStatusQueryKey() });
        await queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
      },
    },
  });
}

/** Sends the identity document; the verification state and the profile's badge follow. */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useSubmitVerificationCall({
    mutation: {
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: getGetVerificationQueryKey() });
        await queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
      },
    },
  });
}

/** Ends the session and forgets every cached answer of this member. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => signOut(queryClient), [queryClient]);
}
