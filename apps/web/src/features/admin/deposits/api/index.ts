/** Deposits by state, held ones, the reconciler's items, foreign ones, and operators' decisions on them. */
export {
  useListDepositGaps,
  useListDeposits,
  useListForeignDeposits,
  useListHeldDeposits,
} from '@app/contracts';
export { useDismissHeldDeposit, useResolveDepositGap } from './decisions';
