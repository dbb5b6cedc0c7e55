import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Micro } from '@app/domain';
import { microToNumber } from '@app/domain';
import {
  cancelWithdrawal,
  getGetMeQueryKey,
  getGetStatementQueryKey,
  getListBalanceRecordsQueryKey,
  transferToPoints,
  useBuyVip as useBuyVipCall,
  useClaimDeposit as useClaimDepositCall,
  useCreateCardDeposit as useCreateCardDepositCall,
  withdraw,
  type ApiMe,
  type WithdrawBody,
} from '@app/contracts';

/**
 * E-Wallet → points. The answer's balances go in the cached profile at once,
 * then it is read again. A refusal may mean the balance shown is stale: the
 * current one is read too.
 */
export function useTransferToPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ amount, key }: { amount: Micro; key: string }) =>
      transferToPoints({ amount: microToNumber(amount) }, { headers: { 'Idempotency-Key': key } }),
    onSuccess: (result) => {
      queryClient.setQueryData<ApiMe>(getGetMeQueryKey(), (old) =>
        old ? { ...old, money: result.money, points: result.points } : old,
      );
      void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() }),
  });
}

/**
 * A withdrawal request, sent with the caller's Idempotency-Key (a fresh one
 * per submit: a retried request is one withdrawal). Whatever the answer, the
 * balance and the records are read again.
 */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, key }: { data: WithdrawBody; key: string }) =>
      withdraw(data, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
      void queryClient.invalidateQueries({ queryKey: getListBalanceRecordsQueryKey() });
    },
  });
}

/**
 * Takes back a withdrawal no operator has approved yet (by its record id).
 * Cancelled or refused (an operator got there first), the balance, the
 * records and the statement are read again.
 */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordId: number) => cancelWithdrawal(recordId),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() });
      void queryClient.invalidateQueries({ queryKey: getListBalanceRecordsQueryKey() });
      void queryClient.invalidateQueries({ queryKey: getGetStatementQueryKey() });
    },
  });
}

/** Asks for a deposit's check by its tx id; the records are read again (not awaited). */
export function useClaimDeposit() {
  const queryClient = useQueryClient();
  return useClaimDepositCall({
    mutation: {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: getListBalanceRecordsQueryKey() });
      },
    },
  });
}

/** A card deposit with its receipt; the records are read again before the page moves on. */
export function useCreateCardDeposit() {
  const queryClient = useQueryClient();
  return useCreateCardDepositCall({
    mutation: {
      onSuccess: () => queryClient.invalidateQueries({ queryKey: getListBalanceRecordsQueryKey() }),
    },
  });
}

/** Buys a VIP package; bought or refused, the profile (balances, level) is read again. */
export function useBuyPackage() {
  const queryClient = useQueryClient();
  return useBuyVipCall({
    mutation: {
      onSettled: () => queryClient.invalidateQueries({ queryKey: getGetMeQueryKey() }),
    },
  });
}
