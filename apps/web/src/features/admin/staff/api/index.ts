/** Staff changes waiting for a second admin, and their decisions. */
export { useGetMe, useListStaffRequests, useStaffOverview } from '@app/contracts';
export { useApproveStaffRequest, useRejectStaffRequest } from './staff';
