import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendMessage } from './api';
import { TextField } from '../../../components/ui/text-field';
import { apiErrorKey } from '../../../lib/api-errors';
import {
  CONTENT_LANGUAGES,
  LanguageFields,
  emptyTexts,
  writtenIn,
} from '../shared/language-fields';

const FIELDS = ['title', 'description'];

/**
 * `/admin/messages` (admin, support): a message to one member or to every
 * member, written per language: in at least one, each with its title and
 * text; members reading another get Russian, else the one written.
 */
export function MessagesAdminPage() {
  const { t } = useTranslation();
  const send = useSendMessage();
  const [to, setTo] = useState<'all' | 'one'>('all');
  const [memberId, setMemberId] = useState('');
  const [texts, setTexts] = useState(() => emptyTexts(FIELDS));
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const idValid = to === 'all' || /^[1-9]\d{0,9}$/.test(memberId.trim());
  const titled = writtenIn(texts, 'title');
  const described = writtenIn(texts, 'description');
  // Each language written has both its title and its text.
  const paired =
    titled.length === described.length && titled.every((lang) => described.includes(lang));
  const valid = idValid && titled.length > 0 && paired;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    try {
      await send.mutateAsync({
        data: {
          ...Object.fromEntries(
            CONTENT_LANGUAGES.flatMap((lang) =>
              titled.includes(lang)
                ? FIELDS.map((field) => [`${field}_${lang}`, texts[`${field}_${lang}`].trim()])
                : [],
            ),
          ),
          ...(to === 'one' ? { user_id: Number(memberId.trim()) } : {}),
        },
      });
      setMessage(
        t(to === 'all' ? 'admin.messages.sentAll' : 'admin.messages.sentOne', {
          id: memberId.trim(),
        }),
      );
      setTexts(emptyTexts(FIELDS));
    } catch (error) {
      setMessage(t(apiErrorKey(error)));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="admin-section" aria-labelledby="send-title">
      <h2 id="send-title" className="section-title">
        {t('admin.messages.title')}
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="radio-row">
          <legend className="field__label">{t('admin.messages.to')}</legend>
          {(['all', 'one'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="to" checked={to === value} onChange={() => setTo(value)} />{' '}
              {t(`admin.messages.${value}`)}
            </label>
          ))}
        </fieldset>
        {to === 'one' ? (
          <TextField
            label={t('admin.messages.memberId')}
            inputMode="numeric"
            value={memberId}
            onChange={(e) => setMemberId(e.target.value)}
          />
        ) : null}
        <LanguageFields
          idPrefix="message"
          fields={[
            { key: 'title', label: t('admin.messages.subject'), maxLength: 200 },
            {
              key: 'description',
              label: t('admin.messages.text'),
              maxLength: 5000,
              multiline: true,
            },
          ]}
          values={texts}
          onChange={(name, value) => {
            setTexts({ ...texts, [name]: value });
            setConfirming(false);
          }}
        />
        {titled.length > 0 && !paired ? (
          <p className="form__note" role="alert">
            {t('admin.languages.paired')}
          </p>
        ) : null}
        {confirming ? (
          <p className="form__note" role="status">
            {t(to === 'all' ? 'admin.messages.confirmAll' : 'admin.messages.confirmOne', {
              id: memberId.trim(),
            })}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={!valid || send.isPending}
        >
          {confirming ? t('admin.messages.confirm') : t('admin.messages.send')}
        </button>
        {message ? (
          <p className="form__note" role="status" data-testid="message-result">
            {message}
          </p>
        ) : null}
      </form>
    </section>
  );
}
