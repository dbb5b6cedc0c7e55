import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMemberQueryKey,
  getListStaffRequestsQueryKey,
  getStaffOverviewQueryKey,
  useActivateMember as useActivateMemberCall,
  useDeactivateMember as useDeactivateMemberCall,
  useEndMemberLogins as useEndMemberLoginsCall,
  useSetMemberRole as useSetMemberRoleCall,
  type MemberChangeApplied,
  type MemberChangeAwaiting,
  type MemberDetail,
} from '@app/contracts';

/** Every account action answers with the member's detail: it replaces the cached one. */
function useKeepMember() {
  const queryClient = useQueryClient();
  return (detail: MemberDetail, { id }: { id: number }) => {
    queryClient.setQueryData(getGetMemberQueryKey(id), detail);
  };
}

/**
 * A role or activation change either applied (the member as it is now
 * replaces the cached one) or waits for a second admin (the staff requests
 * and their count are read again; the member is unchanged).
 */
function useKeepChange() {
  const queryClient = useQueryClient();
  const keep = useKeepMember();
  return (answer: MemberChangeApplied | MemberChangeAwaiting, variables: { id: number }) => {
    if (answer.status === 'applied') {
      const { status: _status, ...detail } = answer;
      keep(detail, variables);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: getListStaffRequestsQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getStaffOverviewQueryKey() });
  };
}

export function useDeactivateMember() {
  return useDeactivateMemberCall({ mutation: { onSuccess: useKeepChange() } });
}

export function useActivateMember() {
  return useActivateMemberCall({ mutation: { onSuccess: useKeepChange() } });
}

export function useEndMemberLogins() {
  return useEndMemberLoginsCall({ mutation: { onSuccess: useKeepMember() } });
}

export function useSetMemberRole() {
  return useSetMemberRoleCall({ mutation: { onSuccess: useKeepChange() } });
}
