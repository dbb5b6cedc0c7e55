import { useGetMe } from '../shared/api';
import { canUse } from '../../../lib/staff';
import { AdjustForm } from '../ledger/adjust-form';
import { Approvals } from '../ledger/adjustment-approvals';
import { AuditLog } from '../audit/audit-log';
import { DepositsSection } from '../deposits/deposits-section';
import { LedgerReportSection } from '../ledger/ledger-report-section';
import { ProofsSection } from '../proofs/proofs-section';
import { SponsorFundsSection } from '../funding/sponsor-funds-section';
import { TronCostsSection } from '../withdrawals/tron-costs-section';
import { WithdrawalsQueue } from '../withdrawals/withdrawals-queue';

/** `/admin/money` (admin, finance): the ledger, proof of liabilities, sponsor funds, withdrawals, deposits, adjustments. */
export function MoneyPage() {
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
