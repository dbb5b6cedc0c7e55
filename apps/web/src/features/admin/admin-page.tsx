import { useGetMe } from './api';
import { canUse } from '../../lib/staff';
import { AdjustForm } from './adjust-form';
import { Approvals } from './approvals';
import { AuditLog } from './audit-log';
import { DepositsSection } from './deposits-section';
import { LedgerReportSection } from './ledger-report-section';
import { ProofsSection } from './proofs-section';
import { SponsorFundsSection } from './sponsor-funds-section';
import { TronCostsSection } from './tron-costs-section';
import { WithdrawalsQueue } from './withdrawals-queue';

/** `/admin/money` (admin, finance): the ledger, proof of liabilities, sponsor funds, withdrawals, deposits, adjustments. */
export function AdminPage() {
  const role = useGetMe().data?.role;
  return (
    <>
      <LedgerReportSection />
      <ProofsSection />
      <SponsorFundsSection />
      <TronCostsSection />
      <WithdrawalsQueue />
      <DepositsSection />
      <AdjustForm />
      <Approvals />
      {canUse(role, 'admin') ? <AuditLog /> : null}
    </>
  );
}
