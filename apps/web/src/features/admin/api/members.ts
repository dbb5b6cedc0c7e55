import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMemberQueryKey,
  useActivateMember as useActivateMemberCall,
  useDeactivateMember as useDeactivateMemberCall,
  useEndMemberLogins as useEndMemberLoginsCall,
  useSetMemberRole as useSetMemberRoleCall,
  type MemberDetail,
} from '@app/contracts';

/** Every account action answers with the member's detail: it replaces the cached one. */
function useKeepMember() {
  const queryClient = useQueryClient();
  return (detail: MemberDetail, { id }: { id: number }) => {
    queryClient.setQueryData(getGetMemberQueryKey(id), detail);
  };
}

export function useDeactivateMember() {
  return useDeactivateMemberCall({ mutation: { onSuccess: useKeepMember() } });
}

export function useActivateMember() {
  return useActivateMemberCall({ mutation: { onSuccess: useKeepMember() } });
}

export function useEndMemberLogins() {
  return useEndMemberLoginsCall({ mutation: { onSuccess: useKeepMember() } });
}

export function useSetMemberRole() {
  return useSetMemberRoleCall({ mutation: { onSuccess: useKeepMember() } });
}
