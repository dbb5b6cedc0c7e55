import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordSchema, phoneSchema } from '@app/domain';
import { useChangePhone, useGetMe, useSignOut } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { FormError, translateFieldError } from '../../lib/form-errors';
import { ApiError, apiErrorKey } from '../../lib/api-errors';

// The current password too: a stolen access token alone cannot move the account.
const phoneFormSchema = z.object({ tel: phoneSchema, password: passwordSchema });
type PhoneForm = z.infer<typeof phoneFormSchema>;

export function ChangePhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const toast = useToast();
  const me = useGetMe();
  const change = useChangePhone();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PhoneForm>({
    resolver: zodResolver(phoneFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { tel: '+', password: '' },
  });

  const onSubmit = handleSubmit(async ({ tel, password }) => {
    try {
      await change.mutateAsync({ data: { login: tel.trim(), password } });
      // The API revoked this login's refresh tokens: sign in again with the new phone.
      await signOut();
      navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_REGISTERED') {
        setError('tel', { type: 'server', message: FormError.alreadyRegistered });
      } else if (error instanceof ApiError && error.code === 'INCORRECT_PASSWORD') {
        setError('password', { type: 'server', message: FormError.incorrectPassword });
      } else {
        toast(t(apiErrorKey(error)));
      }
    }
  });

  return (
    <main className="page">
      <PageHeader title={t('safety.phone')} backTo="/mine/safety" backLabel={t('common.back')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label={t('safety.currentPhone')} value={me.data?.email ?? ''} readOnly />
        <TextField
          label={t('safety.newPhone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          error={translateFieldError(t, errors.tel?.message)}
          {...register('tel')}
        />
        <PasswordField
          label={t('safety.currentPassword')}
          autoComplete="current-password"
          error={translateFieldError(t, errors.password?.message)}
          {...register('password')}
        />
        <p className="form__note">{t('safety.phoneNote')}</p>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('common.confirm')}
        </button>
      </form>
    </main>
  );
}
