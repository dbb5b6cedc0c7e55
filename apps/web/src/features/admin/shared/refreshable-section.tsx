import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A console report section: its title with a Refresh button, then loading
 * and error states, then what `children` draws once the report is there.
 */
export function RefreshableSection({
  id,
  title,
  report,
  children,
}: {
  id: string;
  title: string;
  report: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <div className="admin-section__head">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => void report.refetch()}
          disabled={report.isFetching}
        >
          {t('admin.refresh')}
        </button>
      </div>
      {report.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {report.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {children}
    </section>
  );
}
