/** The team screens' API calls (reads only: the team has no mutation). */
export { useGetMe, useListInvites } from '@app/contracts';
