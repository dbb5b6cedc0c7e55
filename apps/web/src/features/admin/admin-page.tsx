import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { AdjustForm } from './adjust-form';
import { Approvals } from './approvals';
import { AuditLog } from './audit-log';
import { DepositsSection } from './deposits-section';
import { LedgerReportSection } from './ledger-report-section';
import { ReviewsSection } from './reviews-section';
import { WithdrawalsQueue } from './withdrawals-queue';

/** The operator area (role admin; the route guard keeps members out). */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <main className="page admin">
      <PageHeader title={t('admin.title')} backTo="/mine" backLabel={t('common.back')} />
      <LedgerReportSection />
      <WithdrawalsQueue />
      <DepositsSection />
      <ReviewsSection />
      <AdjustForm />
      <Approvals />
      <AuditLog />
    </main>
  );
}
