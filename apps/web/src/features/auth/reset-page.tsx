import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ValidationMessage, passwordSchema } from '@app/domain';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordField } from '../../components/ui/text-field';
import { translateFieldError } from '../../lib/form-errors';

const resetFormSchema = z
  .object({
    password: passwordSchema,
    passwordConfirm: z.string().min(1, ValidationMessage.required),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: ValidationMessage.passwordsMismatch,
    path: ['passwordConfirm'],
  });
type ResetForm = z.infer<typeof resetFormSchema>;

/** Spec section 2: validated like registration, submitting makes no call. */
export function ResetPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { password: '', passwordConfirm: '' },
  });
  return (
    <main className="auth-page">
      <PageHeader title={t('auth.resetTitle')} backTo="/login" backLabel={t('auth.backToLogin')} />
      <form className="form" onSubmit={handleSubmit(() => setDone(true))} noValidate>
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
        <button type="submit" className="button button--primary">
          {t('auth.confirm')}
        </button>
        {done ? (
          <p className="form__note" role="status">
            {t('auth.resetDone')}
          </p>
        ) : null}
      </form>
    </main>
  );
}
