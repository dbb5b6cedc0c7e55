import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { passwordError, phoneError } from '@app/domain';
import { LanguageSelect } from '../../components/ui/language-select';
import { Splash } from '../../components/ui/splash';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { FormError, translateFieldError } from '../../lib/form-errors';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { isStaff } from '../../lib/staff';
// Not ./api: the sign-in calls are written without the generated module (see api/sign-in.ts).
import { BAD_CREDENTIALS_DETAIL, useSignIn } from './api/sign-in';

type Fields = { email: string; password: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * The first screen a signed-out member sees, kept light: two plain controlled
 * fields checked with the domain's plain rules (no form or schema library),
 * and the two calls it makes without the generated hooks module.
 * Fields are checked on submit only, like the other forms.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [values, setValues] = useState<Fields>({ email: '+', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    const phone = phoneError(values.email);
    if (phone) found.email = phone;
    const password = passwordError(values.password);
    if (password) found.password = password;
    setErrors(found);
    const firstInvalid = (['email', 'password'] as const).find((name) => found[name]);
    if (firstInvalid) {
      inputs[firstInvalid].current?.focus();
      return;
    }

    setFormError(null);
    setSubmitting(true);
    try {
      const me = await signIn({ username: values.email.trim(), password: values.password });
      // Operators work in the console: they land there (their member home stays a tap away).
      navigate(isStaff(me?.role) ? '/admin' : '/', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.detail === BAD_CREDENTIALS_DETAIL) {
        setErrors({ email: FormError.incorrect, password: FormError.incorrect });
      } else {
        setFormError(t(apiErrorKey(error)));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: keyof Fields) => ({
    name,
    ref: inputs[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: translateFieldError(t, errors[name]),
  });

  return (
    <main className="auth-page">
      <div className="auth-page__top">
        <LanguageSelect />
      </div>
      <h1 className="auth-page__title">{t('auth.loginTitle')}</h1>
      <p className="auth-page__subtitle">{t('auth.loginSubtitle')}</p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder={t('auth.phonePlaceholder')}
          {...field('email')}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          placeholder={t('auth.passwordPlaceholder')}
          {...field('password')}
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
