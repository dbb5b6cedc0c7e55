/** What members wrote to support, and marking a request done. */
export { useListSupportRequests } from '@app/contracts';
export { useCloseSupportRequest } from './support';
