/**
 * What the whole console reads: the operator (`useGetMe`: role and id, on
 * nearly every screen), and the counts the layout shows beside its links.
 * Each area's own calls live in its `api/`; `refresh.ts` holds the helpers
 * their mutations share (the section's message first, then the cache).
 */
export { useGetMe, useGetQueueCounts, useStaffOverview } from '@app/contracts';
