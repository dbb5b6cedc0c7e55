import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useCreateMoment } from './api';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toast';
import { apiErrorKey } from '../../lib/api-errors';

export const MOMENT_TEXT_MAX = 500;
export const MOMENT_PHOTOS_MAX = 9;

/** `/moments/create` (text and photos) and `/moments/create-text` (text only). */
export function CreateMomentPage({ withPhotos = true }: { withPhotos?: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const create = useCreateMoment();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const previews = useMemo(
    () =>
      photos.map((file) =>
        typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
      ),
    [photos],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() && photos.length === 0) {
      setError(t('moments.empty'));
      return;
    }
    try {
      await create.mutateAsync({
        data: { text: text.trim(), ...(photos.length ? { images: photos } : {}) },
      });
      toast(t('moments.posted'));
      navigate('/moments');
    } catch (failure) {
      setError(t(apiErrorKey(failure)));
    }
  };
  return (
    <main className="page">
      <PageHeader
        title={t(withPhotos ? 'routes.momentsCreate' : 'routes.momentsCreateText')}
        backTo="/moments"
        backLabel={t('common.back')}
      />
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="moment-text">
            {t('moments.textLabel')}
          </label>
          <textarea
            id="moment-text"
            className="field__input field__textarea"
            rows={5}
            maxLength={MOMENT_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby="moment-count"
          />
          <span id="moment-count" className="form__note" aria-live="polite">
            {text.length}/{MOMENT_TEXT_MAX}
          </span>
        </div>
        {withPhotos ? (
          <div className="field">
            <label className="field__label" htmlFor="moment-photos">
              {t('moments.photos', { max: MOMENT_PHOTOS_MAX })}
            </label>
            <input
              id="moment-photos"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={(e) => {
                const chosen = Array.from(e.target.files ?? []);
                setError(
                  chosen.length > MOMENT_PHOTOS_MAX
                    ? t('moments.tooMany', { max: MOMENT_PHOTOS_MAX })
                    : null,
                );
                setPhotos(chosen.slice(0, MOMENT_PHOTOS_MAX));
              }}
            />
            {previews.length ? (
              <div className="moment__images">
                {previews.map((src, i) =>
                  src ? <img key={src} src={src} alt={t('moments.photo', { n: i + 1 })} /> : null,
                )}
              </div>
            ) : null}
          </div>
        ) : null}
        {error ? (
          <p className="form__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {t('moments.release')}
        </button>
      </form>
    </main>
  );
}

export function CreateTextMomentPage() {
  return <CreateMomentPage withPhotos={false} />;
}
