import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { addressBookFormSchema, type AddressBookFormValues } from '@app/domain';
import type { SavedAddress } from '@app/contracts';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { translateFieldError } from '../../lib/form-errors';
// Both calls answer with the whole book: api/ puts it in the cache, no refetch.
import { useDeleteAddress, useGetMe, useListAddresses, useSaveAddress } from './api';
import { RecoveryHoldNote, useRecoveryHold } from './recovery-hold';

/** `/mine/management`: the member's saved withdrawal addresses. */
export function AddressBookPage() {
  const { t } = useTranslation();
  const book = useListAddresses();
  const me = useGetMe();
  const hold = useRecoveryHold(me.data?.recovery_hold_until);
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <main className="page">
      <PageHeader title={t('routes.management')} backTo="/mine" backLabel={t('common.back')} />
      <RecoveryHoldNote until={hold.until} />
      {book.isPending ? (
        <p className="empty">{t('common.loading')}</p>
      ) : book.data?.length ? (
        <ul className="record-list">
          {book.data.map((saved) => (
            <li key={saved.id} className="record-row" data-testid="saved-address">
              <div className="record-row__main">
                <span className="record-row__type">{saved.label || t('addressBook.noLabel')}</span>
                <span>USDT · {saved.network}</span>
              </div>
              <code className="break-all">{saved.address}</code>
              {saved.lookalike_of ? (
                <p className="form__error" role="alert" data-testid="address-lookalike">
                  {t('addressBook.lookalike', { address: saved.lookalike_of })}
                </p>
              ) : null}
              {deleting === saved.id ? (
                <DeleteConfirm
                  saved={saved}
                  needsPassword={me.data?.has_transaction_password ?? false}
                  onHold={hold.caught}
                  onDone={() => setDeleting(null)}
                />
              ) : (
                <div className="modal__buttons">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={hold.until !== null}
                    onClick={() => setDeleting(saved.id)}
                  >
                    {t('addressBook.delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty">{t('addressBook.empty')}</p>
      )}
      <Link to="/mine/management/add" className="button button--primary button--block">
        {t('routes.managementAdd')}
      </Link>
    </main>
  );
}

function DeleteConfirm({
  saved,
  needsPassword,
  onHold,
  onDone,
}: {
  saved: SavedAddress;
  needsPassword: boolean;
  /** Shows the recovery hold when the refusal was it (the list above says it then). */
  onHold: (error: unknown) => boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteAddress();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const confirm = async () => {
    if (needsPassword && !password) {
      setError(t('validation.required'));
      return;
    }
    try {
      await remove.mutateAsync({
        id: saved.id,
        data: needsPassword ? { transaction_password: password } : {},
      });
      toast(t('addressBook.deleted'));
      onDone();
    } catch (failure) {
      if (onHold(failure)) {
        onDone();
      } else if (failure instanceof ApiError && failure.code === 'INCORRECT_TRANSACTION_PASSWORD') {
        setError(t(apiErrorKey(failure)));
      } else {
        toast(t(apiErrorKey(failure)));
      }
    }
  };

  return (
    <div className="confirm-box" role="group" aria-label={t('addressBook.delete')}>
      <p>{t('addressBook.confirmDelete')}</p>
      {needsPassword ? (
        <PasswordField
          label={t('withdraw.transactionPassword')}
          autoComplete="off"
          value={password}
          error={error}
          onChange={(event) => setPassword(event.target.value)}
        />
      ) : null}
      <div className="modal__buttons">
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={remove.isPending}
          onClick={confirm}
        >
          {t('addressBook.delete')}
        </button>
      </div>
    </div>
  );
}

/** `/mine/management/add`: USDT on TRC-20 only, an address and the member's label for it. */
export function AddAddressPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const needsPassword = me.data?.has_transaction_password ?? false;
  const hold = useRecoveryHold(me.data?.recovery_hold_until);
  const save = useSaveAddress();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressBookFormValues>({
    resolver: zodResolver(addressBookFormSchema),
    defaultValues: { address: '', label: '', transactionPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ address, label, transactionPassword }) => {
    if (needsPassword && !transactionPassword) {
      setError('transactionPassword', { type: 'required', message: t('validation.required') });
      return;
    }
    try {
      const book = await save.mutateAsync({
        data: {
          address,
          ...(label ? { label } : {}),
          ...(needsPassword ? { transaction_password: transactionPassword } : {}),
        },
      });
      const flagged = book.find((entry) => entry.address === address)?.lookalike_of;
      // The book shows the warning beside the address; say it now too.
      toast(flagged ? t('addressBook.lookalike', { address: flagged }) : t('addressBook.saved'));
      navigate('/mine/management');
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (hold.caught(error)) return;
      if (code === 'INCORRECT_TRANSACTION_PASSWORD') {
        setError('transactionPassword', { type: 'server', message: t(apiErrorKey(error)) });
      } else if (code === 'WITHDRAWAL_TO_DEPOSIT_ADDRESS' || code === 'ADDRESS_BLACKLISTED') {
        setError('address', { type: 'server', message: t(apiErrorKey(error)) });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  });

  return (
    <main className="page">
      <PageHeader
        title={t('routes.managementAdd')}
        backTo="/mine/management"
        backLabel={t('common.back')}
      />
      <RecoveryHoldNote until={hold.until} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label={t('addressBook.currency')} value="USDT" readOnly />
        <TextField label={t('addressBook.protocol')} value="TRC20" readOnly />
        <TextField
          label={t('withdraw.address')}
          placeholder={t('withdraw.addressPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          error={translateFieldError(t, errors.address?.message)}
          {...register('address')}
        />
        <TextField
          label={t('addressBook.label')}
          placeholder={t('addressBook.labelPlaceholder')}
          autoComplete="off"
          maxLength={32}
          error={translateFieldError(t, errors.label?.message)}
          {...register('label')}
        />
        {needsPassword ? (
          <PasswordField
            label={t('withdraw.transactionPassword')}
            autoComplete="off"
            error={translateFieldError(t, errors.transactionPassword?.message)}
            {...register('transactionPassword')}
          />
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={isSubmitting || !me.data || hold.until !== null}
        >
          {t('addressBook.save')}
        </button>
      </form>
    </main>
  );
}
