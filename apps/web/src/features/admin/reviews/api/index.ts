/**
 * The reviews queue: identity verifications, card deposits, reported
 * moments and reset codes. Private uploads are fetched with the operator's
 * token; public ones resolve against the API.
 */
export {
  fetchBlob,
  resolveApiUrl,
  useDeleteMoment,
  useGetMe,
  useHideMoment,
  useIssueResetCode,
  useListCardDeposits,
  useListModeration,
  useListVerifications,
  useUnhideMoment,
} from '@app/contracts';
export {
  useApproveCardDeposit,
  useApproveVerification,
  useModerate,
  useRejectCardDeposit,
  useRejectVerification,
} from './reviews';
