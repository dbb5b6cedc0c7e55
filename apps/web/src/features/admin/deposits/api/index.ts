/** Deposits by state, and foreign ones. */
export { useListDeposits, useListForeignDeposits, useListHeldDeposits } from '@app/contracts';
