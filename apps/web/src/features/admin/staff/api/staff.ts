import { useQueryClient } from '@tanstack/react-query';
import {
  getGetMemberQueryKey,
  getListStaffRequestsQueryKey,
  getStaffOverviewQueryKey,
  useApproveStaffRequest as useApproveStaffRequestCall,
  useRejectStaffRequest as useRejectStaffRequestCall,
  type StaffRequestItem,
} from '@app/contracts';

/** After a staff request is decided: the requests, the counts and the member concerned are read again. */
export function useRefreshStaff() {
  const queryClient = useQueryClient();
  return async (memberId?: number) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getListStaffRequestsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getStaffOverviewQueryKey() }),
      memberId === undefined
        ? Promise.resolve()
        : queryClient.invalidateQueries({ queryKey: getGetMemberQueryKey(memberId) }),
    ]);
  };
}

type Handlers = {
  onSuccess?: (request: StaffRequestItem) => void;
  onError?: (error: unknown) => void;
};

/** A second admin approves: the change applies now. */
export function useApproveStaffRequest(handlers: Handlers = {}) {
  const refresh = useRefreshStaff();
  return useApproveStaffRequestCall({
    mutation: {
      onSuccess: async (request) => {
        handlers.onSuccess?.(request);
        await refresh(request.target_user_id);
      },
      onError: handlers.onError,
    },
  });
}

/** Turned down (or taken back by the admin who asked): nothing changes. */
export function useRejectStaffRequest(handlers: Handlers = {}) {
  const refresh = useRefreshStaff();
  return useRejectStaffRequestCall({
    mutation: {
      onSuccess: async (request) => {
        handlers.onSuccess?.(request);
        await refresh(request.target_user_id);
      },
      onError: handlers.onError,
    },
  });
}
