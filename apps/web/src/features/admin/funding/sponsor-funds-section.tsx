import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsdt, parseMicro } from '@app/domain';
import type { SponsorFundsItem } from '@app/contracts';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format-date';
import { newIdempotencyKey } from '../../../lib/idempotency';
import {
  useApproveSponsorFunds,
  useListSponsorFunds,
  useRecordSponsorFunds,
  useRejectSponsorFunds,
} from './api';
import { DecisionButtons } from '../shared/decision-buttons';
import { ActionMessage, type ActionOutcome } from '../shared/action-message';

const EMPTY = { amount: '', payer: '', reference: '' };

/**
 * Outside money paid in (sponsors, advertisers): recorded with its payer and
 * reference, payouts draw on it before the club's own revenue. Above the
 * adjustment threshold over 24 hours it waits for another operator, who
 * approves or rejects it here; the requester cannot approve their own.
 */
export function SponsorFundsSection() {
  const { t, i18n } = useTranslation();
  const list = useListSponsorFunds({ limit: 20 }, { query: { refetchOnMount: 'always' } });
  const [values, setValues] = useState(EMPTY);
  const [invalid, setInvalid] = useState(false);
  const [message, setMessage] = useState<ActionOutcome | null>(null);
  const said = (item: SponsorFundsItem) =>
    setMessage({
      text: t(`admin.funding.said_${item.status}`, {
        amount: formatUsdt(item.amount),
        payer: item.payer,
      }),
      failed: false,
    });
  const onError = (error: unknown) => setMessage({ text: t(apiErrorKey(error)), failed: true });
  // After the message, the list, the ledger report, the runway and the public page follow (api/).
  const record = useRecordSponsorFunds({
    onSuccess: (item) => {
      said(item);
      setValues(EMPTY);
    },
    onError,
  });
  const approve = useApproveSponsorFunds({ onSuccess: said, onError });
  const reject = useRejectSponsorFunds({ onSuccess: said, onError });
  const busy = record.isPending || approve.isPending || reject.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseMicro(values.amount);
    if (
      amount === null ||
      amount <= 0n ||
      values.payer.trim().length < 2 ||
      values.reference.trim().length < 2
    ) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    record.mutate({ values, key: newIdempotencyKey() });
  }

  return (
    <section className="admin-section" aria-labelledby="sponsor-funds-title">
      <h2 id="sponsor-funds-title" className="section-title">
        {t('admin.funding.title')}
      </h2>
      <p className="form__note">{t('admin.funding.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t('admin.funding.amount')}
          inputMode="decimal"
          value={values.amount}
          onChange={(e) => setValues({ ...values, amount: e.target.value })}
          error={invalid ? t('admin.funding.invalid') : undefined}
        />
        <TextField
          label={t('admin.funding.payer')}
          value={values.payer}
          maxLength={100}
          onChange={(e) => setValues({ ...values, payer: e.target.value })}
        />
        <TextField
          label={t('admin.funding.reference')}
          value={values.reference}
          maxLength={200}
          onChange={(e) => setValues({ ...values, reference: e.target.value })}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('admin.funding.record')}
        </button>
      </form>
      <ActionMessage message={message} />
      {list.data && list.data.length === 0 ? (
        <p className="empty">{t('admin.funding.none')}</p>
      ) : null}
      <ul className="record-list">
        {list.data?.map((item) => (
          <li key={item.id} className="record-row" data-testid="sponsor-funds-item">
            <div className="record-row__main">
              <span className="record-row__type">
                #{item.id} · {item.payer} · {item.reference}
              </span>
              <strong>{formatUsdt(item.amount)} USDT</strong>
            </div>
            <div className="record-row__meta">
              <time dateTime={item.created_at}>
                {formatDateTime(item.created_at, i18n.language)}
              </time>
              <span>{t(`admin.funding.status_${item.status}`)}</span>
            </div>
            {item.status === 'pending' ? (
              <DecisionButtons
                busy={busy}
                onReject={() => reject.mutate({ id: item.id })}
                onApprove={() => approve.mutate({ id: item.id })}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
