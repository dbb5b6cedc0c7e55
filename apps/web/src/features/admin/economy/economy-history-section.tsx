import { useTranslation } from 'react-i18next';
import { useEconomyHistory } from './api';
import { formatDateTime } from '../../../lib/format-date';
import { AuditChanges } from '../shared/audit-changes';
import { auditSummary } from '../shared/audit-summary';

/** The economy's last 20 changes (GET /admin/economy/history), each in plain words. */
export function EconomyHistorySection() {
  const { t, i18n } = useTranslation();
  const history = useEconomyHistory({ limit: 20 });
  return (
    <section className="admin-section" aria-labelledby="history-title">
      <h2 id="history-title" className="section-title">
        {t('admin.economy.history')}
      </h2>
      <ul className="record-list">
        {(history.data ?? []).map((entry) => (
          <li key={entry.id} className="record-row" data-testid="economy-change">
            <div className="record-row__main">
              <span className="record-row__type">
                {auditSummary(t, entry.action, entry.details)}
              </span>
              <time dateTime={entry.created_at}>
                {formatDateTime(entry.created_at, i18n.language)}
              </time>
            </div>
            <p className="form__note">{t('admin.audit.actor', { id: entry.actor_id })}</p>
            <AuditChanges action={entry.action} details={entry.details} />
          </li>
        ))}
      </ul>
    </section>
  );
}
