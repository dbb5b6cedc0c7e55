import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { passwordError, phoneError } from '@app/domain';
import {
  ApiError,
  BAD_CREDENTIALS_DETAIL,
  getGetMeQueryKey,
  getMe,
  setTokens,
  useLogin,
} from '@app/contracts';
import { LanguageSelect } from '../../components/ui/language-select';
import { Splash } from '../../components/ui/splash';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { FormError, translateFieldError } from '../../lib/form-errors';
import { apiErrorKey } from '../../lib/api-errors';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string; password: string }>({
    // The plain rules, not the zod schema: the first screen a member sees
    // stays light (the schema library is ~20 KB gzip).
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '+', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const pair = await login.mutateAsync({
        data: { username: values.email.trim(), password: values.password },
      });
      // Load the member before the session flips, so / opens with its data.
      try {
        const me = await getMe({ headers: { Authorization: `Bearer ${pair.access_token}` } });
        queryClient.setQueryData(getGetMeQueryKey(), me);
      } catch {
        // The dashboard loads it again; the tokens are what matter here.
      }
      setTokens({ access: pair.access_token, refresh: pair.refresh_token });
      navigate('/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.detail === BAD_CREDENTIALS_DETAIL) {
        setError('email', { type: 'server', message: FormError.incorrect });
        setError('password', { type: 'server', message: FormError.incorrect });
      } else {
        setFormError(t(apiErrorKey(error)));
      }
    }
  });

  return (
    <main className="auth-page">
      <div className="auth-page__top">
        <LanguageSelect />
      </div>
      <h1 className="auth-page__title">{t('auth.loginTitle')}</h1>
      <p className="auth-page__subtitle">{t('auth.loginSubtitle')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder={t('auth.phonePlaceholder')}
          error={translateFieldError(t, errors.email?.message)}
          {...register('email', { validate: (value) => phoneError(value) ?? true })}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          error={translateFieldError(t, errors.password?.message)}
          {...register('password', { validate: (value) => passwordError(value) ?? true })}
        />
        <p className="form__aside">
          <Link to="/forgot">{t('auth.forgotLink')}</Link>
        </p>
        {formError ? (
          <p className="form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('auth.signIn')}
        </button>
      </form>
      <p className="auth-page__switch">
        {t('auth.noAccount')} <Link to="/register">{t('auth.registerLink')}</Link>
      </p>
      {isSubmitting ? <Splash infinite label={t('common.loading')} /> : null}
    </main>
  );
}
