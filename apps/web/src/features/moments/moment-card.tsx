import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MomentItem } from '@app/contracts';
import {
  resolveApiUrl,
  useDeleteMoment,
  useLikeMoment,
  useReportMoment,
  useUnlikeMoment,
} from './api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';

/** One post: masked author and level, text, photos, likes; delete when it is yours, report when not. */
export function MomentCard({ moment, onRemoved }: { moment: MomentItem; onRemoved: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [likes, setLikes] = useState({ count: moment.like_count, liked: moment.liked });
  const like = useLikeMoment();
  const unlike = useUnlikeMoment();
  const remove = useDeleteMoment();
  const report = useReportMoment();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // A report is asked first (with an optional reason), then the button says it went.
  const [askingReport, setAskingReport] = useState(false);
  const [reason, setReason] = useState('');
  const [reported, setReported] = useState(false);
  const sendReport = async () => {
    setAskingReport(false);
    try {
      await report.mutateAsync({
        id: moment.id,
        data: reason.trim() ? { reason: reason.trim() } : {},
      });
      setReported(true);
      toast(t('moments.reported'));
    } catch (error) {
      toast(t(apiErrorKey(error)));
    }
  };

  const toggleLike = async () => {
    try {
      const state = likes.liked
        ? await unlike.mutateAsync({ id: moment.id })
        : await like.mutateAsync({ id: moment.id });
      setLikes({ count: state.like_count, liked: state.liked });
    } catch (error) {
      toast(t(apiErrorKey(error)));
    }
  };
  return (
    <li className="record-row moment" data-testid="moment">
      <div className="record-row__main">
        <span className="record-row__type">
          {moment.author.name}{' '}
          <span className="vip-chip vip-chip--small">V{moment.author.vip_level}</span>
        </span>
        <time dateTime={moment.created_at}>{formatDateTime(moment.created_at, i18n.language)}</time>
      </div>
      {moment.text ? <p className="moment__text">{moment.text}</p> : null}
      {moment.images.length ? (
        <div className="moment__images">
          {moment.images.map((image, i) => (
            <a
              key={image.url}
              href={resolveApiUrl(image.url)}
              target="_blank"
              rel="noopener noreferrer"
            >
              <img
                src={resolveApiUrl(image.thumb_url)}
                width={image.width}
                height={image.height}
                alt={t('moments.photo', { n: i + 1 })}
                loading="lazy"
              />
            </a>
          ))}
        </div>
      ) : null}
      <div className="modal__buttons">
        <button
          type="button"
          className={`button button--ghost button--small${likes.liked ? ' is-active' : ''}`}
          aria-pressed={likes.liked}
          onClick={toggleLike}
        >
          ♥ {likes.count}
        </button>
        {moment.mine ? (
          confirmDelete ? (
            <button
              type="button"
              className="button button--danger button--small"
              onClick={async () => {
                try {
                  await remove.mutateAsync({ id: moment.id });
                  onRemoved();
                } catch (error) {
                  toast(t(apiErrorKey(error)));
                }
              }}
            >
              {t('moments.confirmDelete')}
            </button>
          ) : (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => setConfirmDelete(true)}
            >
              {t('moments.delete')}
            </button>
          )
        ) : (
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={reported}
            onClick={() => setAskingReport(true)}
          >
            {reported ? t('moments.reportedButton') : t('moments.report')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={askingReport}
        title={t('moments.reportTitle')}
        confirmLabel={t('moments.report')}
        onConfirm={() => void sendReport()}
        onCancel={() => setAskingReport(false)}
        irreversible={false}
      >
        <div className="field">
          <label className="field__label" htmlFor={`report-${moment.id}`}>
            {t('moments.reportReason')}
          </label>
          <textarea
            id={`report-${moment.id}`}
            className="field__input field__textarea"
            maxLength={200}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <p className="form__note">{t('moments.reportNote')}</p>
      </ConfirmDialog>
    </li>
  );
}
