/** The dashboard's reads: the period's figures and the staff overview (one admin alone). */
export { useGetDashboard, useGetMe, useStaffOverview } from '@app/contracts';
