import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDeleteAllMessages, useMessagePages, useReadAllMessages } from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast';
import { formatDateTime } from '../../lib/format-date';

export function MessagesPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const toast = useToast();
  const messages = useMessagePages();
  const readAll = useReadAllMessages();
  const deleteAll = useDeleteAllMessages(() => toast(t('messages.deleted')));
  const list = messages.data?.pages.flat() ?? [];
  const more = messages.hasNextPage;
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const inAccount = pathname.startsWith('/mine/');

  return (
    <main className="page">
      <PageHeader
        title={t('messages.title')}
        backTo={inAccount ? '/mine' : undefined}
        backLabel={t('common.back')}
      />
      <div className="toolbar">
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => readAll.mutate()}
          disabled={readAll.isPending || (!more && list.every((m) => m.is_read))}
        >
          {t('messages.readAll')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setConfirmingDelete(true)}
          disabled={deleteAll.isPending || list.length === 0}
        >
          {t('messages.deleteAll')}
        </button>
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('messages.confirmDeleteAllTitle')}
        confirmLabel={t('messages.deleteAll')}
        onConfirm={() => {
          setConfirmingDelete(false);
          deleteAll.mutate();
        }}
        onCancel={() => setConfirmingDelete(false)}
      >
        <p>
          {more
            ? t('messages.confirmDeleteAllUncounted')
            : t('messages.confirmDeleteAllBody', { count: list.length })}
        </p>
      </ConfirmDialog>
      {messages.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {messages.isSuccess && list.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="message-list">
        {list.map((message) => (
          <li key={message.id}>
            <Link
              to={`/message/${message.id}`}
              className={message.is_read ? 'message-row' : 'message-row is-unread'}
            >
              <span className="message-row__title">
                {message.is_read ? null : (
                  <span className="dot" aria-label={t('messages.unread')} role="img" />
                )}
                {message.title}
              </span>
              <span className="message-row__description clamp-2">{message.description}</span>
              <time className="message-row__date" dateTime={message.created_at}>
                {formatDateTime(message.created_at, i18n.language)}
              </time>
            </Link>
          </li>
        ))}
      </ul>
      {more ? (
        <button
          type="button"
          className="button button--ghost button--block load-more"
          onClick={() => void messages.fetchNextPage()}
          disabled={messages.isFetchingNextPage}
        >
          {messages.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
        </button>
      ) : null}
    </main>
  );
}
