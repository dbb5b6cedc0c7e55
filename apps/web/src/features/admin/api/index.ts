/**
 * The console's API calls. Reads come straight from the generated client;
 * each mutation's hook (by area: money, reviews, members, economy, content)
 * owns the cache updates that follow it, after the section's own message.
 */
export {
  // Private uploads are fetched with the operator's token; public ones resolve against the API.
  fetchBlob,
  resolveApiUrl,
  useDeleteMoment,
  useEconomyBaselines,
  useEconomyHistory,
  useGetDashboard,
  useGetMe,
  useGetMember,
  useGetQueueCounts,
  useGetSite,
  useGetSiteSettings,
  useGetWithdrawal,
  useFundingForecast,
  useGetTeamRates,
  useHideMoment,
  useIssueResetCode,
  useLedgerReport,
  useListAdjustments,
  useListAllChallenges,
  useListAllTrailers,
  useListBanners,
  useListCampaigns,
  useListCardDeposits,
  useListDeposits,
  useListEconomyChanges,
  useListForeignDeposits,
  useListMembers,
  useListModeration,
  useListPackages,
  useListProofs,
  useListRings,
  useListSponsorFunds,
  useListStaffRequests,
  useListSupportRequests,
  useListVerifications,
  useListWithdrawals,
  useSendMessage,
  useStaffOverview,
  useTronCostsReport,
  useUnhideMoment,
  useVerifyAudit,
} from '@app/contracts';
export { AUDIT_PAGE_SIZE, fetchExport, useAuditPages } from './audit';
export { TRANSFERS_PAGE_SIZE, useTronCostTransfers } from './chain-costs';
export { useAddBanner, useRemoveBanner, useSaveTrailer, useSetSiteSettings } from './content';
export {
  useApproveEconomyChange,
  useCreateCampaign,
  useCreateChallenge,
  useRejectEconomyChange,
  useSetPackage,
  useSetTeamRates,
} from './economy';
export {
  useActivateMember,
  useDeactivateMember,
  useEndMemberLogins,
  useSetMemberRole,
} from './members';
export { useApproveStaffRequest, useRejectStaffRequest } from './staff';
export { type RingDecision, useDecideRing } from './risk';
export { useApproveSponsorFunds, useRecordSponsorFunds, useRejectSponsorFunds } from './funding';
export {
  useAdjustBalance,
  useApproveAdjustment,
  useApproveWithdrawal,
  usePublishProof,
  useRejectAdjustment,
  useRejectWithdrawal,
  useRetryWithdrawal,
} from './money';
export {
  useApproveCardDeposit,
  useApproveVerification,
  useModerate,
  useRejectCardDeposit,
  useRejectVerification,
} from './reviews';
export { useCloseSupportRequest } from './support';
