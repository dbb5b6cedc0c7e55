/** The withdrawals queue, one withdrawal, and what the chain costs (sweeps and withdrawals). */
export { useGetMe, useGetWithdrawal, useListWithdrawals, useTronCostsReport } from '@app/contracts';
export { TRANSFERS_PAGE_SIZE, useTronCostTransfers } from './chain-costs';
export { useApproveWithdrawal, useRejectWithdrawal, useRetryWithdrawal } from './withdrawals';
