import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { transactionPasswordFormSchema } from '@app/domain';
import { useGetMe, useSetTransactionPassword } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { translateFieldError } from '../../lib/form-errors';
import { ApiError, apiErrorKey } from '../../lib/api-errors';

type TransactionPasswordForm = z.infer<typeof transactionPasswordFormSchema>;

/**
 * `/mine/safety/transpass`: sets the transaction password that withdrawals
 * and address-book changes then ask for; changing it needs the current one.
 */
export function TransactionPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useGetMe({ query: { refetchOnMount: 'always' } });
  const hasOne = me.data?.has_transaction_password ?? false;
  const save = useSetTransactionPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TransactionPasswordForm>({
    resolver: zodResolver(transactionPasswordFormSchema),
    defaultValues: { oldPassword: '', password: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit(async ({ oldPassword, password }) => {
    if (hasOne && !oldPassword) {
      setError('oldPassword', { type: 'required', message: t('validation.required') });
      return;
    }
    try {
      await save.mutateAsync({
        data: { password, ...(hasOne ? { old_password: oldPassword } : {}) },
      });
      toast(t('safety.transpassSaved'));
      navigate('/mine/safety');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INCORRECT_TRANSACTION_PASSWORD') {
        setError('oldPassword', { type: 'server', message: t(apiErrorKey(error)) });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  });

  return (
    <main className="page">
      <PageHeader
        title={t('safety.transpass')}
        backTo="/mine/safety"
        backLabel={t('common.back')}
      />
      <p className="form__note">
        {me.data ? t(hasOne ? 'safety.transpassChange' : 'safety.transpassNote') : null}
      </p>
      <form className="form" onSubmit={onSubmit} noValidate>
        {hasOne ? (
          <PasswordField
            label={t('safety.transpassCurrent')}
            autoComplete="off"
            error={translateFieldError(t, errors.oldPassword?.message)}
            {...register('oldPassword')}
          />
        ) : null}
        <PasswordField
          label={t('safety.transpassNew')}
          autoComplete="off"
          error={translateFieldError(t, errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('safety.transpassConfirm')}
          autoComplete="off"
          error={translateFieldError(t, errors.passwordConfirm?.message)}
          {...register('passwordConfirm')}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={isSubmitting || !me.data}
        >
          {t('common.confirm')}
        </button>
      </form>
    </main>
  );
}
