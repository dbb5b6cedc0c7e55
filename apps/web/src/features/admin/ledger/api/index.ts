/** The ledger's report and balance adjustments (with the second operator's decision). */
export { useGetMe, useLedgerReport, useListAdjustments } from '@app/contracts';
export { useAdjustBalance, useApproveAdjustment, useRejectAdjustment } from './adjustments';
