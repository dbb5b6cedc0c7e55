import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { registerFormSchema, type RegisterForm } from '@app/domain';
import { useRegister } from './api';
import { BackIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { Splash } from '../../components/ui/splash';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { FormError, translateFieldError } from '../../lib/form-errors';
import { initialInviteCode, inviteCodeForApi } from './invite-code';
import { ApiError, apiErrorKey } from '../../lib/api-errors';

export const REDIRECT_AFTER_REGISTER_MS = 3000;

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const registerUser = useRegister();
  const [success, setSuccess] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterForm>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: {
      email: '+',
      password: '',
      passwordConfirm: '',
      invite: initialInviteCode(
        location.search,
        typeof document === 'undefined' ? '' : document.cookie,
      ),
    },
  });

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registerUser.mutateAsync({
        data: {
          email: values.email.trim(),
          password: values.password,
          invite_code: inviteCodeForApi(values.invite),
        },
      });
      setSuccess(true);
      timer.current = setTimeout(
        () => navigate('/login', { replace: true }),
        REDIRECT_AFTER_REGISTER_MS,
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_REGISTERED') {
        setError('email', { type: 'server', message: FormError.alreadyRegistered });
      } else if (error instanceof ApiError && error.detail === 'Email already registered') {
        setError('email', { type: 'server', message: FormError.alreadyRegistered });
      } else if (error instanceof ApiError && error.code === 'INVALID_INVITE_CODE') {
        setError('invite', { type: 'server', message: FormError.invalidInvite });
      } else if (error instanceof ApiError && error.code === 'INVITE_CODE_NOT_ELIGIBLE') {
        // Only VIP 1 and above invite: the person may register without the code.
        setError('invite', { type: 'server', message: FormError.inviteNotEligible });
      } else {
        setFormError(t(apiErrorKey(error)));
      }
    }
  });

  return (
    <main className="auth-page">
      <div className="auth-page__top auth-page__top--start">
        <Link to="/login" className="icon-link" aria-label={t('auth.backToLogin')}>
          <BackIcon />
        </Link>
      </div>
      <h1 className="auth-page__title">{t('auth.registerTitle')}</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder={t('auth.phonePlaceholder')}
          error={translateFieldError(t, errors.email?.message)}
          {...register('email')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="new-password"
          placeholder={t('auth.passwordPlaceholder')}
          error={translateFieldError(t, errors.password?.message)}
          {...register('password')}
        />
        <PasswordField
          label={t('auth.passwordConfirm')}
          autoComplete="new-password"
          placeholder={t('auth.passwordConfirmPlaceholder')}
          error={translateFieldError(t, errors.passwordConfirm?.message)}
          {...register('passwordConfirm')}
        />
        <TextField
          label={t('auth.inviteCode')}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('auth.inviteCodePlaceholder')}
          error={translateFieldError(t, errors.invite?.message)}
          {...register('invite')}
        />
        {formError ? (
          <p className="form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={isSubmitting || success}>
          {t('auth.register')}
        </button>
      </form>
      <p className="auth-page__switch">
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signInLink')}</Link>
      </p>
      {isSubmitting ? <Splash infinite label={t('common.loading')} /> : null}
      <Modal open={success} onClose={() => setSuccess(false)} title={t('auth.registeredTitle')}>
        <p>{t('auth.registeredText')}</p>
      </Modal>
    </main>
  );
}
