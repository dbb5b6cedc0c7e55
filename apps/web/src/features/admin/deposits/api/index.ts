/** Deposits by state, held ones, the reconciler's items, and foreign ones. */
export {
  useListDepositGaps,
  useListDeposits,
  useListForeignDeposits,
  useListHeldDeposits,
} from '@app/contracts';
export { useResolveDepositGap } from './gaps';
