/**
 * The wallet screens' API calls: reads straight from the generated client;
 * the mutations (funds.ts, address-book.ts) own the cache updates that
 * follow them; the paged lists are in records.ts.
 */
export {
  useDepositAddress,
  useGetCard,
  useGetMe,
  useListAddresses,
  useListPackages,
} from '@app/contracts';
export { useDeleteAddress, useSaveAddress } from './address-book';
export {
  useBuyPackage,
  useCancelWithdrawal,
  useClaimDeposit,
  useCreateCardDeposit,
  useTransferToPoints,
  useWithdraw,
} from './funds';
export {
  RECORDS_PAGE_SIZE,
  STATEMENT_PAGE_SIZE,
  nextBefore,
  useBalanceRecordPages,
  useStatementPages,
} from './records';
