/** Rings of accounts and the decision on each (release or reverse). */
export { useListRings } from '@app/contracts';
export { type RingDecision, useDecideRing } from './risk';
