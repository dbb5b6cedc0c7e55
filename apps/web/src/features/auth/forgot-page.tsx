import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';

/** Spec section 2: the form exists, submitting makes no call. */
export function ForgotPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
  };
  return (
    <main className="auth-page">
      <PageHeader title={t('auth.forgotTitle')} backTo="/login" backLabel={t('auth.backToLogin')} />
      <p className="auth-page__subtitle">{t('auth.forgotText')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField label={t('auth.email')} type="email" autoComplete="email" name="email" />
        <button type="submit" className="button button--primary">
          {t('auth.send')}
        </button>
        {sent ? (
          <p className="form__note" role="status">
            {t('auth.forgotSent')}
          </p>
        ) : null}
      </form>
    </main>
  );
}
