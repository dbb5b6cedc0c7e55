/** Challenges, as operators see them (drafts too). */
export { useListAllChallenges } from '@app/contracts';
export { useCreateChallenge } from './challenges';
