import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { cardDepositFormSchema } from '@app/domain';
import { useCreateCardDeposit, useGetCard } from './api';
import { CopyIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { copyText } from '../../lib/clipboard';
import { SupportLink } from '../../components/ui/support-link';
import { translateFieldError } from '../../lib/form-errors';

export const CARD_CURRENCIES = ['USD', 'RUB', 'UZS'] as const;

/** The spec's card number: non-word characters removed, grouped in fours. */
export function formatCardNumber(raw: string): string {
  return raw.replace(/\W/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

type CardDepositInput = z.input<typeof cardDepositFormSchema>;
type CardDepositValues = z.output<typeof cardDepositFormSchema>;

/**
 * `/mine/recharge-card`: pay the card shown here, then report the payment
 * with the receipt; an operator credits its USDT value, and the member
 * follows it in the recharge records.
 */
export function CardDepositPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const card = useGetCard({ query: { retry: false } });
  const create = useCreateCardDeposit();
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CardDepositInput, unknown, CardDepositValues>({
    resolver: zodResolver(cardDepositFormSchema),
    defaultValues: { currency: 'UZS', amount: '' },
  });
  const number = card.data?.card ? formatCardNumber(card.data.card) : null;
  // No card set (or none readable): card deposits are off.
  const off = card.isError || (card.isSuccess && !card.data.card);

  const onSubmit = handleSubmit(async ({ currency, amount }) => {
    if (!receipt) {
      setReceiptError(t('validation.required'));
      return;
    }
    try {
      await create.mutateAsync({ data: { currency, amount, receipt } });
      toast(t('card.submitted'));
      navigate('/mine/recharge-records');
    } catch (error) {
      toast(t(apiErrorKey(error)));
    }
  });

  return (
    <main className="page">
      <PageHeader
        title={t('routes.rechargeCard')}
        backTo="/mine/recharge"
        backLabel={t('common.back')}
      />
      <section className="deposit-card" aria-label={t('card.number')}>
        <dl className="summary-list">
          <div>
            <dt>{t('card.currencies')}</dt>
            <dd>{CARD_CURRENCIES.join(', ')}</dd>
          </div>
        </dl>
        {off ? (
          <p className="form__note">{t('card.none')}</p>
        ) : (
          <>
            <p className="deposit-card__address" data-testid="card-number">
              {number ?? t('common.loading')}
            </p>
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={!number}
              onClick={async () =>
                toast(
                  t((await copyText(number!.replace(/ /g, ''))) ? 'card.copied' : 'errors.generic'),
                )
              }
            >
              <CopyIcon /> {t('card.copy')}
            </button>
          </>
        )}
        <p className="form__note">
          {t('card.howTo')} <SupportLink>{t('common.support')}</SupportLink>
        </p>
      </section>
      {/* No card set: card deposits are off (CARD_DEPOSITS_OFF), nothing to report. */}
      {!off && (
        <form className="form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label className="field__label" htmlFor="card-currency">
              {t('card.currency')}
            </label>
            <select id="card-currency" className="field__input" {...register('currency')}>
              {CARD_CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={t('card.amount')}
            inputMode="decimal"
            autoComplete="off"
            error={translateFieldError(t, errors.amount?.message)}
            {...register('amount')}
          />
          <TextField
            label={t('card.receipt')}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            error={receiptError}
            onChange={(event) => {
              setReceipt(event.target.files?.[0] ?? null);
              setReceiptError(undefined);
            }}
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={isSubmitting || !number}
          >
            {t('card.submit')}
          </button>
        </form>
      )}
    </main>
  );
}
