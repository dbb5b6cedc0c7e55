import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_TOPICS,
  normalizePhone,
  supportFormSchema,
  type SupportFormValues,
  type SupportTopic,
} from '@app/domain';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { useIsAuthorized } from '../../lib/auth';
import { translateFieldError } from '../../lib/form-errors';
import { useSupportUrl } from '../../lib/support';
import { useGetMe, useSendSupportRequest } from './api';

const topicOf = (value: string | null): SupportTopic =>
  SUPPORT_TOPICS.includes(value as SupportTopic) ? (value as SupportTopic) : 'other';

/**
 * `/support`: a way to a person that works out of the box, signed in or
 * out. The request waits in the console's support queue; a person calls
 * the phone back (for a forgotten password without a mailbox, with a reset
 * code once they know it is the member). A chat link set by the club is
 * offered too.
 */
export function SupportPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const [search] = useSearchParams();
  const signedIn = useIsAuthorized();
  const me = useGetMe({ query: { enabled: signedIn } });
  const chat = useSupportUrl();
  const send = useSendSupportRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SupportFormValues>({
    resolver: zodResolver(supportFormSchema),
    values: {
      phone: search.get('phone') ?? me.data?.email ?? '',
      topic: topicOf(search.get('topic')),
      message: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const topic = watch('topic');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ data: values });
      setSentTo(normalizePhone(values.phone));
    } catch (error) {
      toast(t(apiErrorKey(error)));
    }
  });

  return (
    <main className="auth-page">
      <PageHeader
        title={t('support.title')}
        backTo={signedIn ? '/mine' : '/login'}
        backLabel={signedIn ? t('common.back') : t('auth.backToLogin')}
      />
      <p className="auth-page__subtitle">{t('support.intro')}</p>
      {chat ? (
        <p className="form__note">
          <a className="text-link" href={chat} target="_blank" rel="noopener noreferrer">
            {t('support.chat')}
          </a>
        </p>
      ) : null}
      {sentTo ? (
        <div className="form__note" role="status" data-testid="support-sent">
          <p>{t('support.sent', { phone: sentTo })}</p>
          {topic === 'password' ? (
            <>
              <p>{t('support.sentPassword')}</p>
              <Link
                className="button button--ghost"
                to={`/reset?phone=${encodeURIComponent(sentTo)}`}
              >
                {t('auth.enterCode')}
              </Link>
            </>
          ) : null}
        </div>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('auth.phone')}
            type="tel"
            autoComplete="tel"
            placeholder={t('auth.phonePlaceholder')}
            error={translateFieldError(t, errors.phone?.message)}
            {...register('phone')}
          />
          <div className="field">
            <label className="field__label" htmlFor="support-topic">
              {t('support.topic')}
            </label>
            <select id="support-topic" className="field__input" {...register('topic')}>
              {SUPPORT_TOPICS.map((value) => (
                <option key={value} value={value}>
                  {t(`support.topics.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={`field ${errors.message ? 'has-error' : ''}`}>
            <label className="field__label" htmlFor="support-message">
              {t('support.message')}
            </label>
            <textarea
              id="support-message"
              className="field__input field__textarea"
              rows={5}
              placeholder={t('support.messagePlaceholder')}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'support-message-error' : undefined}
              {...register('message')}
            />
            {errors.message ? (
              <p id="support-message-error" className="field__error" role="alert">
                {translateFieldError(t, errors.message.message)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('support.send')}
          </button>
        </form>
      )}
    </main>
  );
}
