import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useGetBonus } from '@app/contracts';
import { formatDateTime } from '../../lib/format-date';

/**
 * The invitation campaign running now, in one sentence, or nothing: the home
 * ticker and the invite page never advertise a campaign that has ended.
 */
export function useRunningCampaignText(wanted = true): string | null {
  const { t, i18n } = useTranslation();
  // Asked only by a caller that will show it: the home strip with another message does not.
  const campaign = useGetBonus({ query: { enabled: wanted } }).data?.campaign;
  if (!campaign) return null;
  return t('invite.campaign', {
    level: campaign.min_vip_level,
    inviter: formatUsdt(campaign.inviter_points),
    member: formatUsdt(campaign.member_points),
    date: formatDateTime(campaign.ends_at, i18n.language),
  });
}

export function CampaignNote() {
  const text = useRunningCampaignText();
  return text ? (
    <p className="form__note" data-testid="campaign-note">
      {text}
    </p>
  ) : null;
}
