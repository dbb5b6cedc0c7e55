/** The audit log a page at a time, its chain's check, and the CSV exports. */
export { useGetMe, useVerifyAudit } from '@app/contracts';
export { AUDIT_PAGE_SIZE, fetchExport, useAuditPages } from './audit';
