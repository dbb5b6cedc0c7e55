import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';

export function SafetyPage() {
  const { t } = useTranslation();
  const rows = [
    { to: '/mine/safety/phone', label: t('safety.phone') },
    { to: '/mine/safety/password', label: t('safety.password') },
    { to: '/mine/safety/mail', label: t('safety.mail') },
    { to: '/mine/safety/transpass', label: t('safety.transpass') },
  ];
  return (
    <main className="page">
      <PageHeader title={t('safety.title')} backTo="/mine" backLabel={t('common.back')} />
      <ul className="menu">
        {rows.map((row) => (
          <li key={row.to}>
            <Link to={row.to} className="menu__row">
              <span>{row.label}</span>
              <ChevronIcon />
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
