/** Packages, team rates and their history. */
export { useEconomyHistory, useGetTeamRates, useListPackages } from '@app/contracts';
export { useSetPackage, useSetTeamRates } from './economy';
