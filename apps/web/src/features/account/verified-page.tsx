import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { verificationFormSchema } from '@app/domain';
import { useGetVerification, useSubmitVerification } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';
import { translateFieldError } from '../../lib/form-errors';

type VerificationForm = z.infer<typeof verificationFormSchema>;
const DOCUMENT_TYPES = ['passport', 'id_card', 'driver_license'] as const;
type Side = 'front' | 'back';

/**
 * `/mine/verified`: the member's document for an operator to check. The
 * photos are private to the member and operators. Shows the status; a new
 * request only after a rejection.
 */
export function VerifiedPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const state = useGetVerification({ query: { refetchOnMount: 'always' } });
  const submit = useSubmitVerification();
  const [photos, setPhotos] = useState<Partial<Record<Side, File>>>({});
  const [photoErrors, setPhotoErrors] = useState<Partial<Record<Side, string>>>({});
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<VerificationForm>({
    resolver: zodResolver(verificationFormSchema),
    defaultValues: { country: '', document_type: 'passport', full_name: '', document_number: '' },
  });

  const onSubmit = handleSubmit(async (form) => {
    const missing = (['front', 'back'] as const).filter((side) => !photos[side]);
    if (missing.length) {
      setPhotoErrors(Object.fromEntries(missing.map((side) => [side, t('validation.required')])));
      return;
    }
    try {
      await submit.mutateAsync({ data: { ...form, front: photos.front!, back: photos.back! } });
      toast(t('verified.submitted'));
    } catch (error) {
      toast(t(apiErrorKey(error)));
    }
  });

  const status = state.data?.status;
  const canSubmit = status === 'none' || status === 'rejected';
  return (
    <main className="page">
      <PageHeader title={t('routes.verified')} backTo="/mine" backLabel={t('common.back')} />
      {status ? (
        <p className="summary-card" role="status" data-testid="verification-status">
          <span className="summary-card__label">{t('verified.statusLabel')}</span>
          <span className="summary-card__value">{t(`verified.status.${status}`)}</span>
        </p>
      ) : null}
      {status === 'rejected' && state.data?.reason ? (
        <p className="form__note">{t('verified.reason', { reason: state.data.reason })}</p>
      ) : null}
      {canSubmit ? (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('verified.country')}
            autoComplete="country-name"
            error={translateFieldError(t, errors.country?.message)}
            {...register('country')}
          />
          <div className="field">
            <label className="field__label" htmlFor="document-type">
              {t('verified.documentType')}
            </label>
            <select id="document-type" className="field__input" {...register('document_type')}>
              {DOCUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`verified.documentTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={t('verified.fullName')}
            autoComplete="name"
            error={translateFieldError(t, errors.full_name?.message)}
            {...register('full_name')}
          />
          <TextField
            label={t('verified.documentNumber')}
            autoComplete="off"
            error={translateFieldError(t, errors.document_number?.message)}
            {...register('document_number')}
          />
          {(['front', 'back'] as const).map((side) => (
            <TextField
              key={side}
              label={t(`verified.${side}`)}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              error={photoErrors[side]}
              onChange={(event) => {
                const file = event.target.files?.[0];
                setPhotos((current) => ({ ...current, [side]: file }));
                setPhotoErrors((current) => ({ ...current, [side]: undefined }));
              }}
            />
          ))}
          <p className="form__note">{t('verified.privacy')}</p>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('verified.submit')}
          </button>
        </form>
      ) : null}
    </main>
  );
}
