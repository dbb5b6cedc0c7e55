import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListBalanceRecordsAdd } from '@app/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { BalanceRecords } from './balance-records';

type FundingTab = 'all' | 'deposits' | 'withdrawals';

const TAB_FILTER: Record<FundingTab, ListBalanceRecordsAdd | undefined> = {
  all: undefined,
  deposits: 'true',
  withdrawals: 'false',
};

/** /mine/funding: All, Deposit record, Withdrawal records (spec section 4). */
export function FundingPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FundingTab>('all');
  const tabs: { id: FundingTab; label: string }[] = [
    { id: 'all', label: t('records.tabAll') },
    { id: 'deposits', label: t('records.tabDeposits') },
    { id: 'withdrawals', label: t('records.tabWithdrawals') },
  ];
  return (
    <main className="page">
      <PageHeader title={t('routes.funding')} backTo="/mine" backLabel={t('common.back')} />
      <div className="tabs" role="tablist" aria-label={t('routes.funding')}>
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`funding-tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls="funding-panel"
            className={`tabs__tab${tab === item.id ? ' is-active' : ''}`}
            onClick={() => setTab(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="funding-panel" aria-labelledby={`funding-tab-${tab}`}>
        <BalanceRecords key={tab} add={TAB_FILTER[tab]} />
      </div>
    </main>
  );
}

export function RechargeRecordsPage() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <PageHeader title={t('routes.rechargeRecords')} backTo="/mine" backLabel={t('common.back')} />
      <BalanceRecords add="true" />
    </main>
  );
}

export function WithdrawalHistoryPage() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <PageHeader
        title={t('routes.withdrawalHistory')}
        backTo="/mine"
        backLabel={t('common.back')}
      />
      <BalanceRecords add="false" />
    </main>
  );
}
