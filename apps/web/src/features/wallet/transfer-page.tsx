import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  formatUsdt,
  microToString,
  parseMicro,
  transferFormSchema,
  type Micro,
  type TransferFormInput,
  type TransferFormValues,
} from '@app/domain';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { translateFieldError } from '../../lib/form-errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { useGetMe, useTransferToPoints } from './api';

/** Spec section 4: after a 200 the loader stays, then back to /mine. */
export const REDIRECT_AFTER_TRANSFER_MS = 2000;

export function TransferPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const money: Micro = parseMicro(me.data?.money ?? 0) ?? 0n;
  const schema = useMemo(() => transferFormSchema(money), [money]);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A refusal may mean the balance shown is stale: the api/ hook reads the current one.
  const transfer = useTransferToPoints();

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<TransferFormInput, unknown, TransferFormValues>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { quantity: '' },
  });

  // A valid amount is asked about first: points cannot go back to the E-Wallet.
  const [confirming, setConfirming] = useState<Micro | null>(null);
  const onSubmit = handleSubmit(({ quantity }) => setConfirming(quantity));

  const confirmTransfer = async () => {
    if (confirming === null) return;
    const quantity = confirming;
    setConfirming(null);
    try {
      await transfer.mutateAsync({ amount: quantity, key: newIdempotencyKey() });
      setDone(true);
      timer.current = setTimeout(() => navigate('/mine'), REDIRECT_AFTER_TRANSFER_MS);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS') {
        setError('quantity', { type: 'server', message: t('errors.insufficientFunds') });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  };

  const busy = transfer.isPending || done;
  return (
    <main className="page">
      <PageHeader title={t('routes.transfer')} backTo="/mine" backLabel={t('common.back')} />
      <section className="summary-card" aria-label={t('transfer.available')}>
        <span className="summary-card__label">{t('transfer.available')}</span>
        <span className="summary-card__value" data-testid="transfer-available">
          {formatUsdt(money)} USDT
        </span>
      </section>
      <p className="form__note">{t('transfer.note')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="field-with-action">
          <TextField
            label={t('transfer.quantity')}
            placeholder={t('transfer.quantityPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            error={translateFieldError(t, errors.quantity?.message)}
            {...register('quantity')}
          />
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setValue('quantity', microToString(money))}
            disabled={!me.data}
          >
            {t('transfer.maximum')}
          </button>
        </div>
        <button type="submit" className="button button--primary" disabled={busy || !me.data}>
          {t('transfer.submit')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('transfer.confirmTitle')}
        confirmLabel={t('transfer.submit')}
        onConfirm={confirmTransfer}
        onCancel={() => setConfirming(null)}
      >
        <p>{t('transfer.confirmBody', { amount: formatUsdt(confirming ?? 0n) })}</p>
      </ConfirmDialog>
      {busy ? (
        <div className="loader-overlay" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{done ? t('transfer.done') : t('common.loading')}</span>
        </div>
      ) : null}
    </main>
  );
}
