import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { forgotFormSchema, normalizePhone } from '@app/domain';
import { useForgotPassword } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { SUPPORT_FORM_PATH } from '../../lib/support';
import { translateFieldError } from '../../lib/form-errors';

type ForgotForm = z.infer<typeof forgotFormSchema>;

/** The support form, asking for a reset code for this phone (when one is typed). */
function supportFormPath(phone: string): string {
  const query = new URLSearchParams({ topic: 'password' });
  if (phone.trim()) query.set('phone', phone.trim());
  return `${SUPPORT_FORM_PATH}?${query.toString()}`;
}

/**
 * `/forgot`: a code goes to the mailbox bound to the phone. The answer is the
 * same for any phone (nobody learns who is a member), so the page says what
 * happens in either case, and where to go without a mailbox: the support
 * form, where a person checks it is the member and gives a code (the
 * console's reset code), whether or not the club set a chat link.
 */
export function ForgotPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm>({
    resolver: zodResolver(forgotFormSchema),
    defaultValues: { email: '' },
  });
  const typed = watch('email');
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgot.mutateAsync({ data: { email } });
      setSentTo(normalizePhone(email));
    } catch (error) {
      toast(t(apiErrorKey(error)));
    }
  });
  return (
    <main className="auth-page">
      <PageHeader title={t('auth.forgotTitle')} backTo="/login" backLabel={t('auth.backToLogin')} />
      <p className="auth-page__subtitle">{t('auth.forgotText')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.phone')}
          type="tel"
          autoComplete="tel"
          placeholder={t('auth.phonePlaceholder')}
          error={translateFieldError(t, errors.email?.message)}
          {...register('email')}
        />
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('auth.send')}
        </button>
      </form>
      {sentTo ? (
        <div className="form__note" role="status">
          <p>{t('auth.forgotSent')}</p>
          <Link className="button button--ghost" to={`/reset?phone=${encodeURIComponent(sentTo)}`}>
            {t('auth.enterCode')}
          </Link>
        </div>
      ) : null}
      <p className="form__note" data-testid="no-mailbox">
        {t('auth.noMailbox')}{' '}
        <Link className="text-link" to={supportFormPath(typed)}>
          {t('auth.askForCode')}
        </Link>
      </p>
    </main>
  );
}
