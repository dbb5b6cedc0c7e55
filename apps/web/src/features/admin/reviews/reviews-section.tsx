import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardDepositItem, VerificationItem } from '@app/contracts';
import {
  fetchBlob,
  resolveApiUrl,
  useApproveCardDeposit,
  useApproveVerification,
  useDeleteMoment,
  useGetMe,
  useHideMoment,
  useIssueResetCode,
  useListCardDeposits,
  useListModeration,
  useListVerifications,
  useModerate,
  useRejectCardDeposit,
  useRejectVerification,
  useUnhideMoment,
} from './api';
import { ApprovalTrail } from '../shared/approval-trail';
import { approvalError, approvedBy, waitsMessage } from '../shared/approval-messages';
import { resetCodeMessage } from '../shared/reset-code-message';
import { OrderSelect, type SortOrder } from '../shared/sort-controls';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { canUse } from '../../../lib/staff';

/** A private upload, fetched with the operator's token (never a public URL). */
function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let objectUrl: string | null = null;
    fetchBlob(url, abort.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => setSrc(null),
    );
    return () => {
      abort.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? (
    <img className="review-photo" src={src} alt={alt} />
  ) : (
    <span className="review-photo" role="img" aria-label={alt} />
  );
}

/** Approve, or reject with a reason of at least 3 characters; the message says what happened. */
function Verdict({
  onApprove,
  onReject,
  approveLabel,
  confirmApprove,
  approvedText,
  onDone,
  failureText,
  children,
}: {
  /** Absent: this operator may not approve (they approved already); only a rejection. */
  onApprove?: () => Promise<unknown>;
  onReject: (reason: string) => Promise<unknown>;
  approveLabel: string;
  /** Money actions ask first: what will happen, with the amounts, in a confirmation dialog. */
  confirmApprove?: string;
  /** What the approval's answer means (credited, or waiting for a second operator), told to `onDone`. */
  approvedText?: (answer: unknown) => string;
  onDone?: (text: string) => void;
  failureText?: (error: unknown) => string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const run = async (action: () => Promise<unknown>, said?: (answer: unknown) => string) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await action();
      if (said) onDone?.(said(answer));
    } catch (failure) {
      setError(failureText ? failureText(failure) : t(apiErrorKey(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="confirm-box">
      {children}
      <TextField
        label={t('admin.reviews.reason')}
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="modal__buttons">
        <button
          type="button"
          className="button button--ghost"
          disabled={busy || reason.trim().length < 3}
          onClick={() => run(() => onReject(reason.trim()))}
        >
          {t('admin.reviews.reject')}
        </button>
        {onApprove ? (
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => (confirmApprove ? setConfirming(true) : run(onApprove, approvedText))}
          >
            {approveLabel}
          </button>
        ) : null}
      </div>
      {confirmApprove && onApprove ? (
        <ConfirmDialog
          open={confirming}
          title={t('admin.reviews.confirmTitle')}
          confirmLabel={approveLabel}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void run(onApprove, approvedText);
          }}
        >
          <p>{confirmApprove}</p>
        </ConfirmDialog>
      ) : null}
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}

function VerificationRow({ item }: { item: VerificationItem }) {
  const { t, i18n } = useTranslation();
  const approve = useApproveVerification();
  const reject = useRejectVerification();
  return (
    <li className="record-row" data-testid="verification">
      <div className="record-row__main">
        <span className="record-row__type">
          #{item.id} · {t('admin.deposits.member', { id: item.user_id })} · {item.full_name}
        </span>
        <time dateTime={item.created_at}>{formatDateTime(item.created_at, i18n.language)}</time>
      </div>
      <p className="form__note">
        {item.country} · {t(`verified.documentTypes.${item.document_type as 'passport'}`)} ·{' '}
        {item.document_number}
      </p>
      <div className="review-photos">
        <PrivateImage
          url={`/admin/verifications/${item.id}/front`}
          alt={t('admin.reviews.front', { id: item.user_id })}
        />
        <PrivateImage
          url={`/admin/verifications/${item.id}/back`}
          alt={t('admin.reviews.back', { id: item.user_id })}
        />
      </div>
      <Verdict
        approveLabel={t('admin.reviews.approve')}
        onApprove={() => approve.mutateAsync({ id: item.id })}
        onReject={(reason) => reject.mutateAsync({ id: item.id, data: { reason } })}
      />
    </li>
  );
}

function CardDepositRow({
  item,
  me,
  onDone,
}: {
  item: CardDepositItem;
  me?: number;
  /** The row leaves the list once credited: the section keeps what happened. */
  onDone: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const approve = useApproveCardDeposit();
  const reject = useRejectCardDeposit();
  const [credit, setCredit] = useState(String(item.suggested_usdt));
  const mine = approvedBy(item.approvals, me);
  // Credited now, or (above the threshold) only counted: it waits for another operator.
  const approvedText = (answer: unknown) => {
    const decided = answer as CardDepositItem;
    return decided.status === 'success'
      ? t('admin.reviews.credited', {
          id: item.id,
          usdt: decided.credited ?? credit.trim(),
          member: item.user_id,
        })
      : waitsMessage(t, 'cardDeposit', item.id, decided);
  };
  return (
    <li className="record-row" data-testid="card-deposit">
      <div className="record-row__main">
        <span className="record-row__type">
          #{item.id} · {t('admin.deposits.member', { id: item.user_id })} · {item.amount}{' '}
          {item.currency}
        </span>
        <time dateTime={item.created_at}>{formatDateTime(item.created_at, i18n.language)}</time>
      </div>
      <p className="form__note">
        {t('admin.reviews.suggested', {
          rate: item.rate,
          currency: item.currency,
          usdt: item.suggested_usdt,
        })}
      </p>
      <ApprovalTrail
        approvals={item.approvals}
        awaitingSecond={item.awaiting_second_approval}
        awaitingAdmin={item.awaiting_admin}
      />
      {mine ? (
        <p className="form__note" data-testid="you-approved">
          {t('admin.fourEyes.youApproved')}
        </p>
      ) : null}
      <div className="review-photos">
        <PrivateImage
          url={`/admin/card_deposits/${item.id}/receipt`}
          alt={t('admin.reviews.receipt', { id: item.id })}
        />
      </div>
      <Verdict
        approveLabel={t('admin.reviews.credit', { usdt: credit })}
        confirmApprove={t('admin.reviews.confirmCardCredit', {
          id: item.id,
          usdt: credit.trim(),
          amount: item.amount,
          currency: item.currency,
          member: item.user_id,
        })}
        onApprove={
          mine
            ? undefined
            : () => approve.mutateAsync({ id: item.id, data: { amount: credit.trim() } })
        }
        approvedText={approvedText}
        onDone={onDone}
        failureText={(error) => approvalError(t, error, 'cardDeposit')}
        onReject={(reason) => reject.mutateAsync({ id: item.id, data: { reason } })}
      >
        <TextField
          label={t('admin.reviews.creditAmount')}
          inputMode="decimal"
          value={credit}
          onChange={(event) => setCredit(event.target.value)}
        />
      </Verdict>
    </li>
  );
}

function ModerationSection() {
  const { t } = useTranslation();
  const moderate = useModerate();
  const posts = useListModeration({ reported: true }, { query: { refetchOnMount: 'always' } });
  const hide = useHideMoment();
  const unhide = useUnhideMoment();
  const remove = useDeleteMoment();
  const [message, setMessage] = useState<string | null>(null);
  const act = async (action: () => Promise<unknown>) => {
    try {
      await moderate(action);
    } catch (error) {
      setMessage(t(apiErrorKey(error)));
    }
  };
  return (
    <>
      <h3 className="section-title">{t('admin.reviews.moments')}</h3>
      {posts.isSuccess && posts.data.length === 0 ? (
        <p className="empty">{t('common.noRecords')}</p>
      ) : null}
      <ul className="record-list">
        {(posts.data ?? []).map((post) => (
          <li key={post.id} className="record-row" data-testid="reported-moment">
            <div className="record-row__main">
              <span className="record-row__type">
                #{post.id} · {t('admin.deposits.member', { id: post.author.id })}
              </span>
              <span>{t('admin.reviews.reports', { count: post.reports })}</span>
            </div>
            {post.text ? <p className="moment__text">{post.text}</p> : null}
            {post.images.length ? (
              <div className="moment__images">
                {post.images.map((image, i) => (
                  <img
                    key={image.url}
                    src={resolveApiUrl(image.thumb_url)}
                    alt={t('moments.photo', { n: i + 1 })}
                    loading="lazy"
                  />
                ))}
              </div>
            ) : null}
            <div className="modal__buttons">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() =>
                  act(() => (post.hidden ? unhide : hide).mutateAsync({ id: post.id }))
                }
              >
                {post.hidden ? t('admin.reviews.unhide') : t('admin.reviews.hide')}
              </button>
              <button
                type="button"
                className="button button--danger button--small"
                onClick={() => act(() => remove.mutateAsync({ id: post.id }))}
              >
                {t('moments.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {message ? <p role="alert">{message}</p> : null}
    </>
  );
}

function ResetCodeForm() {
  const { t } = useTranslation();
  const issue = useIssueResetCode();
  const [memberId, setMemberId] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const valid = /^[1-9]\d{0,9}$/.test(memberId.trim());
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!valid) return;
        try {
          const issued = await issue.mutateAsync({ id: Number(memberId.trim()) });
          setMessage(resetCodeMessage(t, issued, memberId.trim()));
        } catch (error) {
          setMessage(t(apiErrorKey(error)));
        }
      }}
    >
      <h3 className="section-title">{t('admin.reviews.resetTitle')}</h3>
      <p className="form__note">{t('admin.reviews.resetNote')}</p>
      <TextField
        label={t('admin.reviews.resetMember')}
        inputMode="numeric"
        value={memberId}
        onChange={(event) => setMemberId(event.target.value)}
      />
      <button type="submit" className="button button--ghost" disabled={!valid || issue.isPending}>
        {t('admin.reviews.resetIssue')}
      </button>
      {message ? (
        <p className="form__note" role="status" data-testid="reset-code">
          {message}
        </p>
      ) : null}
    </form>
  );
}

/** What waits for an operator's decision: identities, card payments; and reset codes on request. */
export function ReviewsSection() {
  const { t } = useTranslation();
  const { role, id: me } = useGetMe().data ?? {};
  const people = canUse(role, 'people');
  const money = canUse(role, 'money');
  const verifications = useListVerifications(
    { status: 'pending' },
    { query: { refetchOnMount: 'always', enabled: people } },
  );
  // Under review: oldest first by default (worked in the order they came).
  const [cardOrder, setCardOrder] = useState<SortOrder>('asc');
  const [cardNote, setCardNote] = useState<string | null>(null);
  const cards = useListCardDeposits(
    { status: 'under_review', order: cardOrder },
    { query: { refetchOnMount: 'always', enabled: money } },
  );
  return (
    <section className="admin-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="section-title">
        {t('admin.reviews.title')}
      </h2>
      {people ? (
        <>
          <h3 className="section-title">{t('admin.reviews.verifications')}</h3>
          {verifications.isSuccess && verifications.data.length === 0 ? (
            <p className="empty">{t('common.noRecords')}</p>
          ) : null}
          <ul className="record-list">
            {(verifications.data ?? []).map((item) => (
              <VerificationRow key={item.id} item={item} />
            ))}
          </ul>
        </>
      ) : null}
      {money ? (
        <>
          <div className="admin-section__head">
            <h3 className="section-title">{t('admin.reviews.cardDeposits')}</h3>
            <OrderSelect id="card-deposits-order" value={cardOrder} onChange={setCardOrder} />
          </div>
          {cards.isSuccess && cards.data.length === 0 ? (
            <p className="empty">{t('common.noRecords')}</p>
          ) : null}
          <ul className="record-list">
            {(cards.data ?? []).map((item) => (
              <CardDepositRow key={item.id} item={item} me={me} onDone={setCardNote} />
            ))}
          </ul>
          {cardNote ? (
            <p className="form__note" role="status" data-testid="card-deposit-decided">
              {cardNote}
            </p>
          ) : null}
        </>
      ) : null}
      {people ? <ModerationSection /> : null}
      {people ? <ResetCodeForm /> : null}
    </section>
  );
}
