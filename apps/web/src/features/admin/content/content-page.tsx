import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminTrailer, SiteSettings, TrailerBody, TrailerBodyCategory } from '@app/contracts';
import { TextField } from '../../../components/ui/text-field';
import {
  CONTENT_LANGUAGES,
  LanguageFields,
  emptyTexts,
  writtenIn,
} from '../shared/language-fields';
import { apiErrorKey } from '../../../lib/api-errors';
import {
  resolveApiUrl,
  useAddBanner,
  useListBanners,
  useGetSiteSettings,
  useListAllTrailers,
  useRemoveBanner,
  useSaveTrailer,
  useSetSiteSettings,
} from './api';
import { savedMessage } from '../shared/saved-message';

const CATEGORIES: TrailerBodyCategory[] = ['hot', 'new', 'soon'];
const EMPTY: TrailerBody = {
  ...emptyTexts(['title', 'description']),
  trailer_key: '',
  category: 'new',
  sort_order: 0,
  published: true,
};

const bodyOf = (t: AdminTrailer): TrailerBody => ({
  title_ru: t.title_ru,
  title_en: t.title_en,
  title_uz: t.title_uz,
  description_ru: t.description_ru,
  description_en: t.description_en,
  description_uz: t.description_uz,
  trailer_key: t.trailer_key,
  category: t.category,
  sort_order: t.sort_order,
  published: t.published,
});

/** Adds a trailer (then its poster) or edits one; publishing makes it visible to members. */
function TrailerForm({ editing, onDone }: { editing: AdminTrailer | null; onDone: () => void }) {
  const { t } = useTranslation();
  const saveTrailer = useSaveTrailer();
  const [body, setBody] = useState<TrailerBody>(editing ? bodyOf(editing) : EMPTY);
  const [poster, setPoster] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setBody(editing ? bodyOf(editing) : EMPTY), [editing]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      const saved = await saveTrailer(editing ? editing.id : null, body, poster);
      setMessage(t('admin.content.saved', { title: saved.title }));
      setPoster(null);
      if (!editing) setBody(EMPTY);
      onDone();
    } catch (error) {
      setMessage(t(apiErrorKey(error)));
    }
  };
  const hasTitle = writtenIn(body, 'title').length > 0;
  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('admin.content.form')}>
      <h3 className="section-title">
        {editing ? t('admin.content.edit', { title: editing.title }) : t('admin.content.add')}
      </h3>
      <LanguageFields
        idPrefix="trailer"
        fields={[
          { key: 'title', label: t('admin.content.title'), maxLength: 200 },
          {
            key: 'description',
            label: t('admin.content.description'),
            maxLength: 5000,
            multiline: true,
          },
        ]}
        values={body}
        onChange={(name, value) => setBody({ ...body, [name]: value })}
      />
      <TextField
        label={t('admin.content.videoKey')}
        value={body.trailer_key}
        onChange={(e) => setBody({ ...body, trailer_key: e.target.value })}
      />
      <div className="filters">
        <div className="field">
          <label className="field__label" htmlFor="trailer-category">
            {t('admin.content.category')}
          </label>
          <select
            id="trailer-category"
            className="field__input"
            value={body.category}
            onChange={(e) => setBody({ ...body, category: e.target.value as TrailerBodyCategory })}
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`admin.content.categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('admin.content.order')}
          inputMode="numeric"
          value={String(body.sort_order ?? 0)}
          onChange={(e) => setBody({ ...body, sort_order: Number(e.target.value) || 0 })}
        />
        <label className="radio-row">
          <input
            type="checkbox"
            checked={body.published ?? true}
            onChange={(e) => setBody({ ...body, published: e.target.checked })}
          />{' '}
          {t('admin.content.published')}
        </label>
      </div>
      <TextField
        label={t('admin.content.poster')}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={(e) => setPoster(e.target.files?.[0] ?? null)}
      />
      <button type="submit" className="button button--primary" disabled={!hasTitle}>
        {editing ? t('admin.content.save') : t('admin.content.create')}
      </button>
      {message ? (
        <p className="form__note" role="status" data-testid="trailer-result">
          {message}
        </p>
      ) : null}
    </form>
  );
}

function SettingsForm() {
  const { t } = useTranslation();
  const settings = useGetSiteSettings();
  const save = useSetSiteSettings();
  const [values, setValues] = useState<SiteSettings | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setValues(settings.data);
  }, [settings.data]);
  if (!values) return null;
  const keys: (keyof SiteSettings)[] = [
    'card',
    'main_message',
    'main_message_ru',
    'main_message_en',
    'main_message_uz',
    'support_url',
    'media_video',
    'media_social',
    'media_microblog',
    'media_photo',
    'media_channel',
    'tutorial_recharge',
    'tutorial_withdraw',
  ];
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          const answer = await save.mutateAsync({ data: values });
          // The rest applies at once; a new card or support link may wait for a second admin.
          // "Saved" only when something besides what waits was changed and applied.
          const waiting = answer.pending_changes.map((change) => change.target as string);
          const applied = keys.some(
            (key) => !waiting.includes(key) && values[key] !== settings.data?.[key],
          );
          setMessage(savedMessage(t, answer.pending_changes, applied));
        } catch (error) {
          setMessage(t(apiErrorKey(error)));
        }
      }}
    >
      {keys.map((key) => (
        <TextField
          key={key}
          label={t(`admin.content.settings.${key}`)}
          value={values[key]}
          onChange={(e) => setValues({ ...values, [key]: e.target.value })}
        />
      ))}
      {/* The saved link, not the one being typed: members see what is saved. */}
      {settings.data && !settings.data.support_url ? (
        <p className="form__note notice" role="note" data-testid="support-link-empty">
          {t('admin.content.supportEmpty')}
        </p>
      ) : null}
      <button type="submit" className="button button--ghost">
        {t('admin.content.saveSettings')}
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

function BannersSection() {
  const { t } = useTranslation();
  // Every banner, of every language (GET /site shows each reader theirs only).
  const banners = useListBanners();
  const add = useAddBanner();
  const remove = useRemoveBanner();
  const [image, setImage] = useState<File | null>(null);
  const [link, setLink] = useState('');
  const [order, setOrder] = useState('0');
  const [lang, setLang] = useState<'' | (typeof CONTENT_LANGUAGES)[number]>('');
  const [message, setMessage] = useState<string | null>(null);
  return (
    <section className="admin-section" aria-labelledby="banners-title">
      <h2 id="banners-title" className="section-title">
        {t('admin.content.banners')}
      </h2>
      <ul className="record-list">
        {(banners.data ?? []).map((banner) => (
          <li key={banner.id} className="record-row" data-testid="admin-banner">
            <img
              className="review-photo"
              src={resolveApiUrl(banner.image_url)}
              alt={t('admin.content.bannerAlt', { id: banner.id })}
              loading="lazy"
            />
            <span className="form__note">
              {banner.link ?? '—'} · {banner.sort_order} ·{' '}
              {banner.lang ? t(`admin.languages.${banner.lang}`) : t('admin.languages.every')}
            </span>
            <div className="modal__buttons">
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={async () => {
                  try {
                    await remove.mutateAsync({ id: banner.id });
                  } catch (error) {
                    setMessage(t(apiErrorKey(error)));
                  }
                }}
              >
                {t('admin.content.removeBanner', { id: banner.id })}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <form
        className="filters"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!image) {
            setMessage(t('validation.required'));
            return;
          }
          try {
            await add.mutateAsync({
              data: {
                image,
                ...(link.trim() ? { link: link.trim() } : {}),
                sort_order: Number(order) || 0,
                ...(lang ? { lang } : {}),
              },
            });
            setMessage(t('admin.economy.saved'));
          } catch (error) {
            setMessage(t(apiErrorKey(error)));
          }
        }}
      >
        <TextField
          label={t('admin.content.bannerImage')}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => setImage(e.target.files?.[0] ?? null)}
        />
        <TextField
          label={t('admin.content.bannerLink')}
          value={link}
          onChange={(e) => setLink(e.target.value)}
        />
        <TextField
          label={t('admin.content.order')}
          inputMode="numeric"
          value={order}
          onChange={(e) => setOrder(e.target.value)}
        />
        <div className="field">
          <label className="field__label" htmlFor="banner-lang">
            {t('admin.languages.bannerFor')}
          </label>
          <select
            id="banner-lang"
            className="field__input"
            value={lang}
            onChange={(e) => setLang(e.target.value as typeof lang)}
          >
            <option value="">{t('admin.languages.every')}</option>
            {CONTENT_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`admin.languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--ghost button--small">
          {t('admin.content.addBanner')}
        </button>
        {message ? <p role="status">{message}</p> : null}
      </form>
    </section>
  );
}

/** `/admin/content` (admins): trailers with their posters, the card number and the home strip. */
export function ContentPage() {
  const { t } = useTranslation();
  const trailers = useListAllTrailers();
  const [editing, setEditing] = useState<AdminTrailer | null>(null);
  return (
    <>
      <section className="admin-section" aria-labelledby="trailers-title">
        <h2 id="trailers-title" className="section-title">
          {t('admin.content.trailers')}
        </h2>
        <TrailerForm editing={editing} onDone={() => setEditing(null)} />
        <ul className="record-list">
          {(trailers.data ?? []).map((trailer) => (
            <li key={trailer.id} className="record-row" data-testid="admin-trailer">
              <div className="record-row__main">
                <span className="record-row__type">
                  #{trailer.id} · {trailer.title}
                </span>
                <span>
                  {t(`admin.content.categories.${trailer.category}`)} · {trailer.sort_order} ·{' '}
                  {trailer.published ? t('admin.content.published') : t('admin.content.draft')}
                </span>
              </div>
              {trailer.image_url ? (
                <img
                  className="review-photo"
                  src={resolveApiUrl(trailer.image_url)}
                  alt={t('admin.content.posterOf', { title: trailer.title })}
                  loading="lazy"
                />
              ) : (
                <p className="form__note">{t('admin.content.noPoster')}</p>
              )}
              <div className="modal__buttons">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => setEditing(trailer)}
                >
                  {t('admin.content.editButton')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <BannersSection />
      <section className="admin-section" aria-labelledby="settings-title">
        <h2 id="settings-title" className="section-title">
          {t('admin.content.settingsTitle')}
        </h2>
        <SettingsForm />
      </section>
    </>
  );
}
