/** Deposits by state, and foreign ones. */
export { useListDeposits, useListForeignDeposits } from '@app/contracts';
