import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useMessage } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { formatDateTime } from '../../lib/format-date';

export function MessageDetailPage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const messageId = Number(id);
  const valid = Number.isInteger(messageId) && messageId > 0;
  // Opening a message marks it read on the server: the list and badge follow (api/).
  const message = useMessage(messageId, valid);

  return (
    <main className="page">
      <PageHeader
        title={t('messages.detailTitle')}
        backTo="/message"
        backLabel={t('common.back')}
      />
      {valid && message.isPending ? <p className="empty">{t('common.loading')}</p> : null}
      {!valid || message.isError ? <p className="empty">{t('messages.notFound')}</p> : null}
      {message.data ? (
        <article className="message-detail">
          <h2>{message.data.title}</h2>
          <time dateTime={message.data.created_at}>
            {formatDateTime(message.data.created_at, i18n.language)}
          </time>
          <p>{message.data.description}</p>
        </article>
      ) : null}
    </main>
  );
}
