import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  ADJUST_REASON_MAX,
  adjustFormSchema,
  formatUsdt,
  type AdjustFormInput,
  type AdjustFormValues,
} from '@app/domain';
import type { ApiAdjustResult } from '@app/contracts';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { translateFieldError } from '../../../lib/form-errors';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { ApiError } from '../../../lib/api-errors';
import { useAdjustBalance } from './api';

type AdjustErrorKey =
  | 'admin.adjust.notFound'
  | 'admin.adjust.insufficient'
  | 'admin.adjust.forbidden'
  | 'admin.adjust.invalid'
  | 'admin.adjust.self'
  | 'errors.generic';

export function adjustErrorKey(error: unknown): AdjustErrorKey {
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 404) return 'admin.adjust.notFound';
  if (error.code === 'INSUFFICIENT_FUNDS') return 'admin.adjust.insufficient';
  if (error.code === 'SELF_ADJUST_FORBIDDEN') return 'admin.adjust.self';
  if (error.status === 403) return 'admin.adjust.forbidden';
  if (error.status === 422) return 'admin.adjust.invalid';
  return 'errors.generic';
}

interface Outcome {
  userId: number;
  result: ApiAdjustResult;
}

/** Credit or debit a member's money or points; confirmed before it is sent. */
export function AdjustForm() {
  const { t } = useTranslation();
  const reasonId = useId();
  const [pending, setPending] = useState<AdjustFormValues | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<AdjustErrorKey | null>(null);

  const adjust = useAdjustBalance();

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AdjustFormInput, unknown, AdjustFormValues>({
    resolver: zodResolver(adjustFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { userId: '', account: 'money', amount: '', reason: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setOutcome(null);
    setFailure(null);
    setPending(values);
  });

  const onConfirm = async () => {
    if (!pending) return;
    const values = pending;
    setPending(null);
    try {
      const result = await adjust.mutateAsync({ values, key: newIdempotencyKey() });
      setOutcome({ userId: values.userId, result });
      reset();
    } catch (error) {
      setFailure(adjustErrorKey(error));
    }
  };

  const accountLabel = (account: 'money' | 'points') =>
    account === 'money' ? t('mine.wallet') : t('mine.points');
  const reasonError = translateFieldError(t, errors.reason?.message);

  return (
    <section className="admin-section" aria-labelledby="adjust-title">
      <h2 id="adjust-title" className="section-title">
        {t('admin.adjust.title')}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('admin.adjust.userId')}
          inputMode="numeric"
          autoComplete="off"
          error={translateFieldError(t, errors.userId?.message)}
          {...register('userId')}
        />
        <fieldset className="radio-row">
          <legend className="field__label">{t('admin.adjust.account')}</legend>
          {(['money', 'points'] as const).map((account) => (
            <label key={account} className="radio-row__option">
              <input type="radio" value={account} {...register('account')} />
              {accountLabel(account)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('admin.adjust.amount')}
          placeholder={t('admin.adjust.amountPlaceholder')}
          inputMode="decimal"
          autoComplete="off"
          error={translateFieldError(t, errors.amount?.message)}
          {...register('amount')}
        />
        <div className={`field ${reasonError ? 'has-error' : ''}`}>
          <label htmlFor={reasonId} className="field__label">
            {t('admin.adjust.reason')}
          </label>
          <textarea
            id={reasonId}
            className="field__input field__textarea"
            rows={3}
            maxLength={ADJUST_REASON_MAX}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            {...register('reason')}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className="field__error" role="alert">
              {reasonError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary" disabled={adjust.isPending}>
          {t('admin.adjust.submit')}
        </button>
      </form>
      {outcome ? (
        <div className="result-box" role="status" data-testid="adjust-result">
          <p>
            {outcome.result.status === 'pending_approval'
              ? t('admin.adjust.pendingApproval', { id: outcome.result.request_id })
              : t('admin.adjust.done', { id: outcome.result.transaction_id })}
          </p>
          <p>
            {t('admin.adjust.balances', {
              id: outcome.userId,
              money: formatUsdt(outcome.result.money),
              points: formatUsdt(outcome.result.points),
            })}
          </p>
        </div>
      ) : null}
      {failure ? (
        <p className="form__error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        title={t('admin.adjust.confirmTitle')}
        actions={
          <div className="modal__buttons">
            <button type="button" className="button button--ghost" onClick={() => setPending(null)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button--primary" onClick={onConfirm}>
              {t('common.confirm')}
            </button>
          </div>
        }
      >
        {pending ? (
          <p>
            {t(pending.amount > 0n ? 'admin.adjust.confirmCredit' : 'admin.adjust.confirmDebit', {
              amount: formatUsdt(pending.amount < 0n ? -pending.amount : pending.amount),
              account: accountLabel(pending.account),
              id: pending.userId,
            })}
          </p>
        ) : null}
        {pending ? <p className="form__note">{pending.reason}</p> : null}
      </Modal>
    </section>
  );
}
