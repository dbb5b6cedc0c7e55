import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { resetFormSchema } from '@app/domain';
import { useResetPassword } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { translateFieldError } from '../../lib/form-errors';

type ResetForm = z.infer<typeof resetFormSchema>;

/** `/reset`: the phone, the code from the mail (or an operator), a new password twice. */
export function ResetPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: {
      email: params.get('phone') ?? '',
      code: '',
      password: '',
      passwordConfirm: '',
    },
  });
  const onSubmit = handleSubmit(async ({ email, code, password }) => {
    try {
      await reset.mutateAsync({ data: { email, code, password } });
      toast(t('auth.resetDone'));
      navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_CODE') {
        setError('code', { type: 'server', message: t(apiErrorKey(error)) });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  });
  return (
    <main className="auth-page">
      <PageHeader title={t('auth.resetTitle')} backTo="/forgot" backLabel={t('common.back')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.phone')}
          type="tel"
          autoComplete="tel"
          error={translateFieldError(t, errors.email?.message)}
          {...register('email')}
        />
        <TextField
          label={t('auth.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={translateFieldError(t, errors.code?.message)}
          {...register('code')}
        />
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          error={translateFieldError(t, errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('auth.passwordConfirm')}
          autoComplete="new-password"
          error={translateFieldError(t, errors.passwordConfirm?.message)}
          {...register('passwordConfirm')}
        />
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('auth.confirm')}
        </button>
      </form>
    </main>
  );
}
