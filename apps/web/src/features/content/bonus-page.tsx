import { useTranslation } from 'react-i18next';
import { formatUsdt } from '@app/domain';
import { useGetBonus } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { formatDateTime } from '../../lib/format-date';

/** `/bonus`: the team and invitation rules as operators configured them now. */
export function BonusPage() {
  const { t, i18n } = useTranslation();
  const bonus = useGetBonus();
  const rates = bonus.data?.team_rates;
  const campaign = bonus.data?.campaign;
  return (
    <main className="page">
      <PageHeader title={t('routes.bonus')} backTo="/" backLabel={t('common.back')} />
      <h2 className="section-title">{t('bonus.team')}</h2>
      {rates ? (
        <dl className="summary-list" data-testid="bonus-rates">
          {([1, 2, 3] as const).map((level) => (
            <div key={level}>
              <dt>{t('bonus.level', { level })}</dt>
              <dd>{t('bonus.rate', { rate: rates[`level${level}`] })}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="empty">{t('common.loading')}</p>
      )}
      <p className="form__note">{t('bonus.teamRule')}</p>
      <h2 className="section-title">{t('bonus.invitations')}</h2>
      {campaign ? (
        <div className="summary-card" data-testid="bonus-campaign">
          <span className="summary-card__label">{campaign.name}</span>
          <span className="summary-card__value">
            {t('bonus.campaign', {
              level: campaign.min_vip_level,
              inviter: formatUsdt(campaign.inviter_points),
              member: formatUsdt(campaign.member_points),
              days: campaign.hold_days,
            })}
          </span>
          <span className="form__note">
            {t('bonus.until', { date: formatDateTime(campaign.ends_at, i18n.language) })}
          </span>
        </div>
      ) : bonus.isSuccess ? (
        <p className="empty">{t('bonus.noCampaign')}</p>
      ) : null}
    </main>
  );
}
