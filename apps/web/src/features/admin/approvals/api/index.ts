/**
 * Economy changes waiting for a second admin: the list, the decisions, the
 * runway with each change (funding forecast) and the baselines raises are
 * held against.
 */
export { useFundingForecast, useGetMe, useListEconomyChanges } from '@app/contracts';
export { useApproved } from './baselines';
export { useApproveEconomyChange, useRejectEconomyChange } from './economy-changes';
