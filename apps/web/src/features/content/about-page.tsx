import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatUsdt } from '@app/domain';
import { useListPackages } from './api';
import { PageHeader } from '../../components/ui/page-header';

/** `/about` and `/mine/about`: the packages as the economy table has them now. */
export function AboutPage({ backTo = '/' }: { backTo?: string }) {
  const { t } = useTranslation();
  const packages = useListPackages();
  const paid = (packages.data ?? []).filter((p) => p.vip_level > 0);
  return (
    <main className="page">
      <PageHeader title={t('routes.about')} backTo={backTo} backLabel={t('common.back')} />
      <p className="form__note">{t('about.intro')}</p>
      {packages.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      <div
        className="table-scroll"
        role="region"
        aria-label={t('common.table', { name: t('about.caption') })}
        tabIndex={0}
      >
        <table className="data-table" data-testid="about-packages">
          <caption className="visually-hidden">{t('about.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('about.level')}</th>
              <th scope="col" className="num">
                {t('about.price')}
              </th>
              <th scope="col" className="num">
                {t('about.daily')}
              </th>
              <th scope="col" className="num">
                {t('about.reward')}
              </th>
              <th scope="col" className="num">
                {t('about.days')}
              </th>
            </tr>
          </thead>
          <tbody>
            {paid.map((p) => (
              <tr key={p.vip_level}>
                <th scope="row">VIP{p.vip_level}</th>
                <td className="num">{formatUsdt(p.price)}</td>
                <td className="num">{p.daily_trailers}</td>
                <td className="num">{formatUsdt(p.reward_per_trailer)}</td>
                <td className="num">{p.membership_days}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="form__note">{t('about.rules')}</p>
      <footer>
        <Link to="/transparency" className="button button--ghost button--small">
          {t('about.transparency')}
        </Link>
      </footer>
    </main>
  );
}

export function MineAboutPage() {
  return <AboutPage backTo="/mine" />;
}
