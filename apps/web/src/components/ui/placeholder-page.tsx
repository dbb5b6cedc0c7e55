import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** Routes of the spec whose features come later: they render, they do not crash. */
export function PlaceholderPage({ title, backTo }: { title: string; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <main className="page">
      <PageHeader title={title} backTo={backTo} backLabel={t('common.back')} />
      <p className="empty">{t('common.comingSoon')}</p>
    </main>
  );
}
