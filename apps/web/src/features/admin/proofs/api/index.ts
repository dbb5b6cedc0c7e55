/** Proofs of liabilities, and publishing one now. */
export { useListProofs } from '@app/contracts';
export { usePublishProof } from './proofs';
