import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { passwordChangeFormSchema } from '@app/domain';
import { useChangePassword } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { FormError, translateFieldError } from '../../lib/form-errors';
import { ApiError, apiErrorKey } from '../../lib/api-errors';

type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', newPassword: '', passwordConfirm: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync({
        data: { old_password: values.password, new_password: values.newPassword },
      });
      toast(t('safety.passwordChanged'));
      navigate('/mine/safety');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INCORRECT_PASSWORD') {
        setError('password', { type: 'server', message: FormError.incorrectPassword });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  });

  return (
    <main className="page">
      <PageHeader title={t('safety.password')} backTo="/mine/safety" backLabel={t('common.back')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('safety.oldPassword')}
          autoComplete="current-password"
          error={translateFieldError(t, errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('safety.newPassword')}
          autoComplete="new-password"
          error={translateFieldError(t, errors.newPassword?.message)}
          {...register('newPassword')}
        />
        <PasswordField
          label={t('safety.confirmPassword')}
          autoComplete="new-password"
          error={translateFieldError(t, errors.passwordConfirm?.message)}
          {...register('passwordConfirm')}
        />
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('common.confirm')}
        </button>
      </form>
    </main>
  );
}
