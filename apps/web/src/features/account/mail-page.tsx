import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CODE_RE, mailFormSchema } from '@app/domain';
import { useBindMail, useGetMailStatus, useSendMailCode } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { PasswordField, TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { ApiError, apiErrorKey } from '../../lib/api-errors';
import { translateFieldError } from '../../lib/form-errors';
import { formatWait, useDraft, useSecondsLeft } from '../../lib/draft';

type MailForm = z.infer<typeof mailFormSchema>;

/** How often the page looks again while the code's mail waits for the mail server. */
const MAIL_STATUS_POLL_MS = 3000;

/**
 * `/mine/safety/mail`: a code goes to the mailbox, the code binds it.
 * Password-reset codes go there afterwards; changing it needs the login
 * password. When the server cannot send mail, the page says so. The code's
 * mail leaves from the server's outbox: while it waits for the mail server
 * the page says so and looks again every few seconds; when it could not be
 * delivered, a new code may be asked for at once. The address, the code
 * typed and a wait the API asked for outlive a visit to the mailbox
 * (lib/draft.ts); "Too many attempts" counts down its Retry-After.
 */
export function MailPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const status = useGetMailStatus({
    query: {
      refetchOnMount: 'always',
      refetchInterval: (query) =>
        query.state.data?.code_mail === 'queued' ? MAIL_STATUS_POLL_MS : false,
    },
  });
  const sendCode = useSendMailCode();
  const bind = useBindMail();
  const [draft, updateDraft, clearDraft] = useDraft<{
    mail: string;
    code: string;
    sentTo: string | null;
    waitUntil: number | null;
  }>('mail', { mail: '', code: '', sentTo: null, waitUntil: null });
  const { sentTo } = draft;
  const setSentTo = (next: string | null) => updateDraft({ sentTo: next });
  const waitLeft = useSecondsLeft(draft.waitUntil);
  const bound = status.data?.mail ?? null;
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<MailForm>({
    resolver: zodResolver(mailFormSchema),
    defaultValues: { mail: draft.mail, password: '', code: draft.code },
  });
  // What is typed (never the password) is kept as it is typed.
  useEffect(() => {
    const watching = watch(({ mail, code }) => updateDraft({ mail: mail ?? '', code: code ?? '' }));
    return () => watching.unsubscribe();
  }, [watch, updateDraft]);

  /** A refusal with Retry-After starts the countdown; true when it was one. */
  const startWait = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.code !== 'TOO_MANY_ATTEMPTS') return false;
    updateDraft({ waitUntil: Date.now() + (error.retryAfterSeconds ?? 60) * 1000 });
    return true;
  };

  const onSendCode = handleSubmit(async ({ mail, password }) => {
    if (bound && !password) {
      setError('password', { type: 'required', message: t('validation.required') });
      return;
    }
    try {
      await sendCode.mutateAsync({ data: { mail, ...(bound ? { password } : {}) } });
      setSentTo(mail);
      toast(t('mail.codeSent'));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'INCORRECT_PASSWORD') {
        setError('password', { type: 'server', message: t(apiErrorKey(error)) });
      } else if (!startWait(error)) {
        toast(t(apiErrorKey(error)));
      }
    }
  });

  const onBind = async () => {
    const code = getValues('code').trim();
    if (!CODE_RE.test(code)) {
      setError('code', { type: 'format', message: t('validation.invalidCode') });
      return;
    }
    try {
      await bind.mutateAsync({ data: { mail: sentTo!, code } });
      clearDraft();
      toast(t('mail.bound'));
      navigate('/mine/safety');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_CODE') {
        setError('code', { type: 'server', message: t(apiErrorKey(error)) });
      } else if (!startWait(error)) {
        toast(t(apiErrorKey(error)));
      }
    }
  };

  const off = status.data?.delivery === 'off';
  // How the code just asked for fares; nothing is said once it is sent (the toast said so).
  const codeMail = sentTo === null ? null : status.data?.code_mail;
  const undelivered = codeMail === 'failed' || codeMail === 'expired';
  return (
    <main className="page">
      <PageHeader
        title={t('routes.safetyMail')}
        backTo="/mine/safety"
        backLabel={t('common.back')}
      />
      {status.data ? (
        <p className="form__note" data-testid="mail-current">
          {bound ? t('mail.current', { mail: bound }) : t('mail.none')}
        </p>
      ) : null}
      {off ? (
        <p className="form__note" role="status">
          {t('errors.mailNotConfigured')}
        </p>
      ) : null}
      {status.data?.delivery === 'log' ? <p className="form__note">{t('mail.logNote')}</p> : null}
      {waitLeft > 0 ? (
        <p className="form__error" role="status" data-testid="mail-wait">
          {t('mail.wait', { time: formatWait(waitLeft) })}
        </p>
      ) : null}
      <form className="form" onSubmit={onSendCode} noValidate>
        <TextField
          label={t('mail.address')}
          type="email"
          autoComplete="email"
          readOnly={sentTo !== null}
          error={translateFieldError(t, errors.mail?.message)}
          {...register('mail')}
        />
        {bound ? (
          <PasswordField
            label={t('safety.currentPassword')}
            autoComplete="current-password"
            readOnly={sentTo !== null}
            error={translateFieldError(t, errors.password?.message)}
            {...register('password')}
          />
        ) : null}
        {sentTo === null ? (
          <button
            type="submit"
            className="button button--primary"
            disabled={isSubmitting || !status.data || off || waitLeft > 0}
          >
            {t('mail.sendCode')}
          </button>
        ) : (
          <>
            {codeMail === 'queued' ? (
              <p className="form__note" role="status" data-testid="code-mail">
                {t('mail.sending')}
              </p>
            ) : null}
            {undelivered ? (
              <p className="form__note" role="alert" data-testid="code-mail">
                {t(codeMail === 'failed' ? 'mail.failed' : 'mail.expired')}
              </p>
            ) : null}
            <TextField
              label={t('auth.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={translateFieldError(t, errors.code?.message)}
              {...register('code')}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={bind.isPending || waitLeft > 0}
              onClick={onBind}
            >
              {t('mail.bind')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setSentTo(null)}>
              {t(undelivered ? 'mail.newCode' : 'mail.again')}
            </button>
          </>
        )}
      </form>
    </main>
  );
}
