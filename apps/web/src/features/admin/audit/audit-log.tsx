import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { useState } from 'react';
import { useAuditPages } from './api';
import { OrderSelect, type SortOrder } from '../shared/sort-controls';
import { AuditChanges } from '../shared/audit-changes';
import { auditSummary } from '../shared/audit-summary';

/** Operator actions in plain words (what each did, and what it changed), newest (or oldest) first. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const [order, setOrder] = useState<SortOrder>('desc');
  const audit = useAuditPages(order);
  const entries = audit.data?.pages.flat() ?? [];

  return (
    <section className="admin-section" aria-labelledby="audit-title">
      <div className="admin-section__head">
        <h2 id="audit-title" className="section-title">
          {t('admin.audit.title')}
        </h2>
        <OrderSelect id="audit-order" value={order} onChange={setOrder} />
      </div>
      {audit.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {audit.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {audit.isSuccess && entries.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {entries.map((entry) => (
          <li key={entry.id} className="record-row" data-testid="audit-entry">
            <div className="record-row__main">
              <span className="record-row__type">
                {auditSummary(t, entry.action, entry.details)}
              </span>
              <span>#{entry.id}</span>
            </div>
            <div className="record-row__meta">
              <span>
                {t('admin.audit.actor', { id: entry.actor_id })}
                {entry.target_user_id !== null
                  ? ` → ${t('admin.audit.target', { id: entry.target_user_id })}`
                  : ''}
              </span>
              <time dateTime={entry.created_at}>
                {formatDateTime(entry.created_at, i18n.language)}
              </time>
            </div>
            <AuditChanges action={entry.action} details={entry.details} />
          </li>
        ))}
      </ul>
      {audit.hasNextPage ? (
        <button
          type="button"
          className="button button--ghost button--block load-more"
          onClick={() => void audit.fetchNextPage()}
          disabled={audit.isFetchingNextPage}
        >
          {audit.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
