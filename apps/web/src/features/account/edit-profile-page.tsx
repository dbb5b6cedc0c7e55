import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { nicknameSchema } from '@app/domain';
import { useChangeNickname, useGetMe } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/toast';
import { translateFieldError } from '../../lib/form-errors';
import { apiErrorKey } from '../../lib/api-errors';

const profileFormSchema = z.object({ nickname: nicknameSchema });
type ProfileForm = z.infer<typeof profileFormSchema>;

export function EditProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const me = useGetMe();
  const change = useChangeNickname();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    values: { nickname: me.data?.nickname ?? '' },
  });

  const onSubmit = handleSubmit(async ({ nickname }) => {
    try {
      await change.mutateAsync({ data: { nickname } });
      navigate('/mine');
    } catch (error) {
      toast(t(apiErrorKey(error)));
    }
  });

  return (
    <main className="page">
      <PageHeader title={t('profile.title')} backTo="/mine" backLabel={t('common.back')} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('profile.username')}
          value={me.data ? `user_${me.data.id}` : ''}
          readOnly
        />
        <TextField
          label={t('profile.nickname')}
          placeholder={t('profile.nicknamePlaceholder')}
          autoComplete="nickname"
          error={translateFieldError(t, errors.nickname?.message)}
          {...register('nickname')}
        />
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('common.save')}
        </button>
      </form>
    </main>
  );
}
