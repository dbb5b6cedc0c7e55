/**
 * The members list and a member's page: reads from the generated client
 * (with the member's ring, shown to admins and finance); each account
 * action's hook keeps the cached member or the staff requests it became.
 */
export {
  useGetMe,
  useGetMember,
  useIssueResetCode,
  useListMembers,
  useListRings,
} from '@app/contracts';
export {
  useActivateMember,
  useDeactivateMember,
  useEndMemberLogins,
  useSetMemberRole,
} from './members';
