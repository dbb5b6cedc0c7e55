/** Sponsor funds: outside money recorded, and the second operator's decision. */
export { useListSponsorFunds } from '@app/contracts';
export { useApproveSponsorFunds, useRecordSponsorFunds, useRejectSponsorFunds } from './funding';
