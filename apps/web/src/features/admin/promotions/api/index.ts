/** Campaigns (promotions). */
export { useListCampaigns } from '@app/contracts';
export { useCreateCampaign } from './campaigns';
