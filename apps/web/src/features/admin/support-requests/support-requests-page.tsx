import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ListSupportRequestsStatus } from '@app/contracts';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { useCloseSupportRequest, useListSupportRequests } from './api';

/**
 * `/admin/support` (admins, support): what members wrote to a person, from
 * the support form (signed in or out), newest first. A request sent signed
 * out names the account of its phone but proves nothing: the operator calls
 * the phone back before acting (docs/operations.md), e.g. before giving a
 * reset code from the member's page. Done ones are closed.
 */
export function SupportRequestsPage() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<ListSupportRequestsStatus>('open');
  const requests = useListSupportRequests({ status }, { query: { refetchOnMount: 'always' } });
  const close = useCloseSupportRequest();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <section className="admin-section" aria-labelledby="support-title">
      <h2 id="support-title" className="section-title">
        {t('admin.support.title')}
      </h2>
      <p className="form__note">{t('admin.support.rule')}</p>
      <div className="field">
        <label className="field__label" htmlFor="support-status">
          {t('admin.support.show')}
        </label>
        <select
          id="support-status"
          className="field__input"
          value={status}
          onChange={(event) => setStatus(event.target.value as ListSupportRequestsStatus)}
        >
          <option value="open">{t('admin.support.statuses.open')}</option>
          <option value="closed">{t('admin.support.statuses.closed')}</option>
        </select>
      </div>
      {message ? <p role="status">{message}</p> : null}
      {requests.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {requests.isError ? <p className="empty">{t('errors.generic')}</p> : null}
      {requests.isSuccess && requests.data.length === 0 ? (
        <p className="empty">{t('admin.support.none')}</p>
      ) : null}
      <ul className="record-list">
        {(requests.data ?? []).map((r) => (
          <li key={r.id} className="record-row" data-testid="support-request">
            <div className="record-row__main">
              <span className="record-row__type">{t(`admin.support.topics.${r.topic}`)}</span>
              <a href={`tel:${r.phone}`}>{r.phone}</a>
            </div>
            <div className="record-row__meta">
              <time dateTime={r.created_at}>{formatDateTime(r.created_at, i18n.language)}</time>
              <span>{t(`admin.languages.${r.lang as 'ru' | 'en' | 'uz'}`)}</span>
            </div>
            <p className="record-row__detail pre-wrap">{r.message}</p>
            <p className="record-row__detail">
              {r.sent_by !== null ? (
                <>
                  {t('admin.support.signedIn')}{' '}
                  <Link to={`/admin/members/${r.sent_by}`}>#{r.sent_by}</Link>
                </>
              ) : r.account_id !== null ? (
                <>
                  {t('admin.support.signedOut')}{' '}
                  <Link to={`/admin/members/${r.account_id}`}>#{r.account_id}</Link>
                </>
              ) : (
                t('admin.support.noAccount')
              )}
            </p>
            {r.status === 'open' ? (
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={close.isPending}
                onClick={async () => {
                  try {
                    await close.mutateAsync({ id: r.id });
                    setMessage(t('admin.support.closed', { id: r.id }));
                  } catch (error) {
                    setMessage(t(apiErrorKey(error)));
                  }
                }}
              >
                {t('admin.support.close')}
              </button>
            ) : (
              <p className="record-row__detail">
                {t('admin.support.closedBy', { id: r.closed_by })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
