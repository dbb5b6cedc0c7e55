import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  WITHDRAWAL_MIN,
  effectiveVipLevel,
  formatUsdt,
  formatUsdtExact,
  microToNumber,
  microToString,
  parseMicro,
  withdrawalFormSchema,
  withdrawalQuote,
  type Micro,
  type WithdrawalFormInput,
  type WithdrawalFormValues,
} from '@app/domain';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ChevronIcon } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { newIdempotencyKey } from '../../lib/idempotency';
import { translateFieldError } from '../../lib/form-errors';
import { useGetMe, useListAddresses, useWithdraw } from './api';
import { RecoveryHoldNote, useRecoveryHold } from './recovery-hold';

export const REDIRECT_AFTER_WITHDRAWAL_MS = 2000;
/** When an approved withdrawal arrives at the latest (the spec's notice). */
export const ARRIVAL_HOURS = 96;

/** `/mine/withdrawal-method`: the one method, USDT on TRON. */
export function WithdrawalMethodPage() {
  const { t } = useTranslation();
  return (
    <main className="page">
      <PageHeader
        title={t('routes.withdrawalMethod')}
        backTo="/mine"
        backLabel={t('common.back')}
      />
      <ul className="menu">
        <li>
          <Link className="menu__row" to="/mine/withdrawal">
            <span>{t('withdraw.method')}</span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
    </main>
  );
}

/**
 * `/mine/withdrawal`: address (typed or from the address book), amount with
 * "All", the fee and the net computed as the member types (libs/domain, the
 * API's own rule), and the transaction password when the member has one;
 * without one, an invitation to set it.
 */
export function WithdrawalPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const book = useListAddresses();
  const money: Micro = parseMicro(me.data?.money ?? 0) ?? 0n;
  const level = me.data
    ? effectiveVipLevel(
        me.data.vip_level,
        me.data.vip_expire ? new Date(me.data.vip_expire) : null,
        new Date(),
      )
    : 0;
  const needsPassword = me.data?.has_transaction_password ?? false;
  const hold = useRecoveryHold(me.data?.recovery_hold_until);
  const schema = useMemo(() => withdrawalFormSchema(money, level), [money, level]);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A fresh Idempotency-Key per submit: a retried request is one withdrawal.
  const withdraw = useWithdraw();

  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors },
  } = useForm<WithdrawalFormInput, unknown, WithdrawalFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { wallet: '', amount: '', transactionPassword: '' },
  });
  const typed = useWatch({ control, name: 'amount' });
  const typedMicro = parseMicro(typed ?? '');
  const quote = typedMicro !== null && typedMicro > 0n ? withdrawalQuote(typedMicro) : null;

  // A valid request is shown whole first (amount, fee, net, the full address): it is sent on Send.
  const [confirming, setConfirming] = useState<WithdrawalFormValues | null>(null);
  // Address poisoning (issue 43): a saved address that looks like another the member dealt
  // with is typed again in full (not pasted: the clipboard may hold the look-alike); a new
  // address is confirmed explicitly, character by character.
  const [retyped, setRetyped] = useState('');
  const [checked, setChecked] = useState(false);
  const saved = confirming ? book.data?.find((s) => s.address === confirming.wallet) : undefined;
  const lookalike = saved?.lookalike_of ?? null;
  const mustRetype = lookalike !== null;
  const mustCheck = confirming !== null && !saved;
  const retypeOk =
    (!mustRetype || retyped.trim() === confirming?.wallet) && (!mustCheck || checked);
  const onSubmit = handleSubmit((values) => {
    if (needsPassword && !values.transactionPassword) {
      setError('transactionPassword', { type: 'required', message: t('validation.required') });
      return;
    }
    setRetyped('');
    setChecked(false);
    setConfirming(values);
  });

  const send = async () => {
    if (!confirming || !retypeOk) return;
    const { wallet, amount, transactionPassword } = confirming;
    setConfirming(null);
    try {
      await withdraw.mutateAsync({
        data: {
          wallet,
          amount: microToNumber(amount),
          ...(needsPassword ? { transaction_password: transactionPassword } : {}),
        },
        key: newIdempotencyKey(),
      });
      setDone(true);
      timer.current = setTimeout(() => navigate('/mine'), REDIRECT_AFTER_WITHDRAWAL_MS);
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (hold.caught(error)) return;
      if (code === 'INCORRECT_TRANSACTION_PASSWORD') {
        setError('transactionPassword', { type: 'server', message: t(apiErrorKey(error)) });
      } else if (code === 'WITHDRAWAL_TO_DEPOSIT_ADDRESS') {
        setError('wallet', { type: 'server', message: t(apiErrorKey(error)) });
      } else if (code === 'INSUFFICIENT_FUNDS' || code?.startsWith('WITHDRAWAL_')) {
        setError('amount', { type: 'server', message: t(apiErrorKey(error)) });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  };
  const confirmQuote = confirming ? withdrawalQuote(confirming.amount) : null;

  const busy = withdraw.isPending || done;
  return (
    <main className="page">
      <PageHeader
        title={t('routes.withdrawal')}
        backTo="/mine/withdrawal-method"
        backLabel={t('common.back')}
      />
      <section className="summary-card" aria-label={t('transfer.available')}>
        <span className="summary-card__label">{t('transfer.available')}</span>
        <span className="summary-card__value" data-testid="withdraw-available">
          {formatUsdtExact(money)} USDT
        </span>
      </section>
      <p className="form__note">{t('withdraw.currency')}</p>
      <RecoveryHoldNote until={hold.until} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('withdraw.address')}
          placeholder={t('withdraw.addressPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          error={translateFieldError(t, errors.wallet?.message)}
          {...register('wallet')}
        />
        {book.data && book.data.length > 0 ? (
          <div className="chips" role="group" aria-label={t('withdraw.saved')}>
            {book.data.map((saved) => (
              <button
                key={saved.id}
                type="button"
                className="button button--ghost button--small"
                onClick={() => setValue('wallet', saved.address)}
              >
                {saved.label || `${saved.address.slice(0, 6)}…${saved.address.slice(-4)}`}
              </button>
            ))}
            <Link className="button button--ghost button--small" to="/mine/management">
              {t('withdraw.manage')}
            </Link>
          </div>
        ) : (
          <Link className="text-link" to="/mine/management/add">
            {t('routes.managementAdd')}
          </Link>
        )}
        <div className="field-with-action">
          <TextField
            label={t('withdraw.amount')}
            placeholder={t('withdraw.amountPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            error={translateFieldError(t, errors.amount?.message)}
            {...register('amount')}
          />
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setValue('amount', microToString(money))}
            disabled={!me.data}
          >
            {t('withdraw.all')}
          </button>
        </div>
        <dl className="summary-list" aria-live="polite">
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd data-testid="withdraw-fee">{quote ? formatUsdtExact(quote.fee) : '0.00'} USDT</dd>
          </div>
          <div>
            <dt>{t('withdraw.net')}</dt>
            <dd data-testid="withdraw-net">{quote ? formatUsdtExact(quote.net) : '0.00'} USDT</dd>
          </div>
        </dl>
        {needsPassword ? (
          <TextField
            label={t('withdraw.transactionPassword')}
            type="password"
            autoComplete="off"
            error={translateFieldError(t, errors.transactionPassword?.message)}
            {...register('transactionPassword')}
          />
        ) : me.data ? (
          // Not required by the API, but a stolen session should not be enough to withdraw.
          <p className="form__note" data-testid="transpass-invite">
            {t('withdraw.transpassInvite')}{' '}
            <Link className="text-link" to="/mine/safety/transpass">
              {t('withdraw.transpassLink')}
            </Link>
          </p>
        ) : null}
        <p className="form__note">
          {t('withdraw.minimum', { amount: formatUsdt(WITHDRAWAL_MIN) })}{' '}
          {t('withdraw.arrival', { hours: ARRIVAL_HOURS })}
        </p>
        {me.data && level === 0 ? (
          <p className="form__note">{t('errors.withdrawalLevel')}</p>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || !me.data || hold.until !== null}
        >
          {t('withdraw.submit')}
        </button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title={t('withdraw.confirmTitle', { net: formatUsdtExact(confirmQuote?.net ?? 0n) })}
        confirmLabel={t('withdraw.confirmSend')}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(null)}
        irreversible={false}
        confirmDisabled={!retypeOk}
      >
        <dl className="summary-list" data-testid="withdraw-confirm">
          <div>
            <dt>{t('withdraw.amount')}</dt>
            <dd>{formatUsdtExact(confirming?.amount ?? 0n)} USDT</dd>
          </div>
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd>{formatUsdtExact(confirmQuote?.fee ?? 0n)} USDT</dd>
          </div>
          <div>
            <dt>{t('withdraw.net')}</dt>
            <dd>{formatUsdtExact(confirmQuote?.net ?? 0n)} USDT</dd>
          </div>
        </dl>
        <p>
          <span>{t('withdraw.toAddress')}</span>{' '}
          <code className="break-all" data-testid="withdraw-confirm-address">
            {confirming?.wallet}
          </code>
        </p>
        {lookalike ? (
          <p className="form__error" role="alert" data-testid="withdraw-lookalike">
            {t('withdraw.lookalike', { address: lookalike })}
          </p>
        ) : null}
        {mustCheck ? (
          <label className="radio-row">
            <input
              type="checkbox"
              checked={checked}
              onChange={(event) => setChecked(event.target.checked)}
            />{' '}
            {t('withdraw.newAddressChecked')}
          </label>
        ) : null}
        {mustRetype ? (
          <TextField
            label={t('withdraw.retype')}
            autoComplete="off"
            spellCheck={false}
            value={retyped}
            onChange={(event) => setRetyped(event.target.value)}
            onPaste={(event) => event.preventDefault()}
            error={retyped.trim() && !retypeOk ? t('withdraw.retypeMismatch') : undefined}
          />
        ) : null}
        <p className="form__note">{t('withdraw.confirmNote')}</p>
      </ConfirmDialog>
      {busy ? (
        <div className="loader-overlay" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{done ? t('withdraw.submitted') : t('common.loading')}</span>
        </div>
      ) : null}
    </main>
  );
}
