/** The dashboard's reads: the period's figures, the health figures and the staff overview (one admin alone). */
export { useGetDashboard, useGetHealthFigures, useGetMe, useStaffOverview } from '@app/contracts';
