import type { PackageItem, TeamRates } from '@app/contracts';
import { canUse } from '../../../lib/staff';
import { useApproved } from '../approvals/api';
import { EconomyChangesSection } from '../approvals/economy-changes-section';
import { ChallengesSection } from '../challenges/challenges-section';
import { EconomyHistorySection } from '../economy/economy-history-section';
import { PackagesSection } from '../economy/packages-section';
import { TeamRatesSection } from '../economy/team-rates-section';
import { CampaignsSection } from '../promotions/campaigns-section';
import { useGetMe } from '../shared/api';

/**
 * `/admin/economy`: packages and team rates (admins edit; others read), and
 * their history; the sections of four API modules: approvals (changes
 * waiting for a second admin, and the baselines a raise is held against),
 * economy (packages, team rates, history), promotions (campaigns) and
 * challenges.
 */
export function EconomyPage() {
  const editable = canUse(useGetMe().data?.role, 'admin');
  const { percent, approved } = useApproved();
  return (
    <>
      <EconomyChangesSection editable={editable} />
      <PackagesSection
        editable={editable}
        approvedFor={(level) => approved('package', level) as PackageItem | undefined}
        percent={percent}
      />
      <TeamRatesSection
        editable={editable}
        approved={approved('team_rates', null) as TeamRates | undefined}
        percent={percent}
      />
      <CampaignsSection editable={editable} percent={percent} />
      <ChallengesSection editable={editable} percent={percent} />
      <EconomyHistorySection />
    </>
  );
}
